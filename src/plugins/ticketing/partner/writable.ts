/** What a partner may set of a connection: read from a body, and documented, in this order. */
export const writableFields = [
  'name',
  'provider',
  'spektrix',
  'credentials',
  'syncEveryMinutes',
  'daysAhead',
  'importNewEvents',
  'syncToPublished',
  'removalLimitPercent',
  'active',
] as const
