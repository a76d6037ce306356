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
  const session = req ? await sessionOf(req) : undefined
  const result = await (session?.db ?? db.drizzle).execute<Row>(query)
  return result.rows
}

/**
 * The request's open transaction, or nothing. The object lives exactly as long as the
 * transaction: what is kept by it (a WeakMap's key) ends with it, and never reaches the next
 * transaction of the same request.
 */
export const sessionOf = async (req: PayloadRequest): Promise<PostgresSession | undefined> => {
  const id = req.transactionID instanceof Promise ? await req.transactionID : req.transactionID
  return id ? postgresOf(req.payload).sessions[String(id)] : undefined
}

type PostgresSession = ReturnType<typeof postgresOf>['sessions'][string]
