import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { collectionTableName } from '../../../db/postgres'
import type { KeyRetirement } from '../../partnerApi/exports/routes'
import { publishTask } from '../defaults'

/**
 * The key's changes not yet done. The runner takes a job by marking it, so one deleted before
 * is never run; one it has taken is being done and finishes (its row gone, Payload's update of
 * it finds nothing), and one a dead instance left taken is not run again.
 */
const waitingOfKey = (key: string) => sql`task_slug = ${publishTask} and completed_at is null
  and input->'madeBy'->>'type' = 'key' and input->'madeBy'->>'id' = ${key}`

/** Cancels the key's scheduled changes in the request's transaction; how many there were. */
export const cancelChangesOfKey = async ({
  req,
  key,
}: {
  req: PayloadRequest
  key: string
}): Promise<number> => {
  const jobs = collectionTableName({ payload: req.payload, collection: 'payload-jobs' })
  if (!jobs) return 0
  const rows = await executeInRequest({
    req,
    query: sql`delete from ${sql.identifier(jobs)} where ${waitingOfKey(key)} returning id`,
  })
  return rows.length
}

/** How many of the key's scheduled changes are waiting. */
export const countChangesOfKey = async ({
  payload,
  key,
}: {
  payload: Payload
  key: string
}): Promise<number> => {
  const jobs = collectionTableName({ payload, collection: 'payload-jobs' })
  if (!jobs) return 0
  const [row] = await executeInRequest<{ n: number }>({
    payload,
    query: sql`select count(*)::int as n from ${sql.identifier(jobs)} where ${waitingOfKey(key)}`,
  })
  return row?.n ?? 0
}

/** A revoked or deleted key's changes to come are cancelled (`partnerApi({ keyRetirement })`). */
export const cancelChangesOfRetiredKey: KeyRetirement = async ({ req, key }) => {
  await cancelChangesOfKey({ req, key: key.id })
}
