/** What a partner path can carry (`/{tenant}/events`); the OpenAPI document states the same. */
export const tenantSlugPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
