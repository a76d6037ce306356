import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { postgresOf } from './postgres'

/** Runs `query` in the request's transaction when it has one, else on the pool. */
export const executeInRequest = async ({
  req,
  query,
}: {
  req: PayloadRequest
  query: SQL
}): Promise<void> => {
  const db = postgresOf(req.payload)
  const id = req.transactionID instanceof Promise ? await req.transactionID : req.transactionID
  const session = id ? db.sessions[String(id)] : undefined
  await (session?.db ?? db.drizzle).execute(query)
}
