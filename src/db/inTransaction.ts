import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'
import { postgresOf } from './postgres'

/**
 * Runs `query` in the request's transaction when it has one, else on the pool; its rows.
 * Without a request, `payload` says whose pool.
 */
export const executeInRequest = async <
  Row extends Record<string, unknown> = Record<string, unknown>,
>({
  req,
  payload = req?.payload,
  query,
}: { query: SQL } & (
  { req: PayloadRequest; payload?: Payload } | { req?: PayloadRequest; payload: Payload }
)) => {
  const db = postgresOf(payload!)
  const id = req?.transactionID instanceof Promise ? await req.transactionID : req?.transactionID
  const session = id ? db.sessions[String(id)] : undefined
  const result = await (session?.db ?? db.drizzle).execute<Row>(query)
  return result.rows
}
