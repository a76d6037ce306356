/**
 * What the rest of the server wires in: the rate-limit table for the database adapter's
 * schema, and the announcement that ends cached partner answers of a tenant at a commit.
 */
export { addRateLimitTable } from '../keys/rateLimitTable'
export { announceChange } from '../cache/freshness'
