const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Record ids are UUIDs: anything else names no record, and never reaches PostgreSQL. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value)
