/** What a partner may set of a subscription: read from a body, and documented, in this order. */
export const writableFields = ['url', 'description', 'events', 'kinds', 'drafts', 'active'] as const
