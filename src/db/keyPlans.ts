import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

import { currentRequest } from '../lib/requestContext'
import { executeInRequest } from './inTransaction'
import { namesStatements } from './preparedStatements'

/**
 * Planning was most of PostgreSQL's time in a partner create (the slug check and the change
 * log's statement about 0.5 ms each, against 0.1 ms to run). A transaction begun for work that
 * finds rows by key only (`findsByKeyOnly`) keeps one plan per named statement and connection
 * (`preparedStatements.ts`), made without the values. A plan made while a table was a page
 * or two would read it whole once it had grown (the trap `adapter.ts` describes), so such a
 * transaction also refuses sequential scans where an index can answer: a key's index is then
 * the plan whatever the table's size. Both end with the transaction.
 */
export const keepPlans = sql`select set_config('plan_cache_mode', 'force_generic_plan', true),
  set_config('enable_seqscan', 'off', true)`

const planEachRunAgain = sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
  set_config('enable_seqscan', 'on', true)`

/**
 * Whether a transaction begun now keeps its plans. Without named statements nothing would be
 * kept; with them, a text's first runs (unnamed) get the same kind of plan, made for that run.
 */
export const keepsPlans = (): boolean => currentRequest()?.byKeyOnly === true && namesStatements()

/**
 * Before a statement that filters or sorts by its caller's choices (an event list's season,
 * venue and limit) in a transaction that may keep its plans: from here on each run is planned
 * with its values again.
 */
export const planEachRun = async (req: PayloadRequest | undefined): Promise<void> => {
  if (!req?.transactionID || !keepsPlans()) return
  await executeInRequest({ req, query: planEachRunAgain })
}
