/** What a partner may set of a connection: read from a body, and documented, in this order. */
export const writableFields = [
  'name',
  'provider',
  'spektrix',
  'tessitura',
  'lineup',
  'elevent',
  'credentials',
  'syncEveryMinutes',
  'daysAhead',
  'importNewEvents',
  'syncToPublished',
  'removalLimitPercent',
  'availabilityEveryMinutes',
  'availabilityDaysAhead',
  'active',
] as const
