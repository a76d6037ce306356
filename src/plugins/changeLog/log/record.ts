import { sql, type SQL } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { noteSent } from '../../../db/sentInTransaction'
import { actorOf } from '../../partnerShape'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { changeChannel, tenantChangeSent } from '../../partnerShape'
import { changedFields, eventOf, type ChangeEvent, type Live } from './events'

type Doc = Record<string, unknown>

/** One entry as written: what a subscriber (the webhook queue) learns, in the same transaction. */
export type ChangeEntry = {
  seq: number
  tenant: string
  kind: string
  recordId: string
  event: ChangeEvent
  /** The change touched drafts only: the published version, if any, is as it was. */
  draft: boolean
  at: string
  fields: string[]
  /** The record as the change left it (absent after a delete). */
  doc: Doc | undefined
}

/** What a change is, known before its entry is written. */
export type ChangeFacts = Pick<ChangeEntry, 'tenant' | 'kind' | 'recordId' | 'event' | 'draft'>

/**
 * Runs in the change's transaction after its entry is written: rolled back with it. `wants`, a
 * boolean SQL expression, is asked in the entry's own statement (one round trip for both), and
 * `run` is told its answer: most changes concern no subscriber, and then cost it nothing more.
 */
export type ChangeSubscriber = {
  wants?: (change: ChangeFacts) => SQL
  run: (args: { req: PayloadRequest; entry: ChangeEntry; wanted: boolean }) => Promise<void>
}

/**
 * Appends the change to the log in the request's transaction and announces it at commit.
 * The tenant's advisory lock, held to the end of the transaction, makes the order of its
 * entries the order in which they commit: a partner that has read entry N has seen every entry
 * of the tenant before N, so a cursor never skips one that commits late.
 */
export const recordChange = async ({
  req,
  kind,
  operation,
  doc,
  previousDoc,
  subscribers,
  hidden,
  live,
}: {
  req: PayloadRequest
  kind: string
  /** Of a kind with drafts: whether the record was published before the change, and after. */
  live?: Live
  /** The collection's hidden fields, never named as changed. */
  hidden?: ReadonlySet<string>
  operation: 'create' | 'update' | 'delete'
  doc: Doc
  previousDoc?: Doc
  subscribers: readonly ChangeSubscriber[]
}): Promise<void> => {
  const tenant = relationId((doc.tenant ?? previousDoc?.tenant) as RelationValue)
  if (!tenant) return
  const { event, draft } = eventOf({
    operation,
    live,
    saved: doc._status,
    previous: previousDoc?._status,
  })
  const fields = changedFields({ operation, doc, previousDoc, hidden })
  // A save that changed nothing a partner can see (the admin's "save" without edits) is no news.
  if (event === 'updated' && fields.length === 0) return
  const actor = actorOf(req)
  // One round trip: the entry's row (and so its `seq`) is made only from the lock's row, after
  // the lock is held.
  const facts: ChangeFacts = { tenant, kind, recordId: String(doc.id), event, draft }
  const wants = subscribers.map((s) => (s.wants ? sql`(${s.wants(facts)})` : sql`true`))
  const [row] = await executeInRequest<{
    seq: string | number
    at: string | Date
    wanted: boolean[]
  }>({
    req,
    query: sql`
      with locked as materialized (
        select pg_advisory_xact_lock(hashtextextended(${`change_log:${tenant}`}, 0))
      ),
      entry as (
        insert into change_log
          (tenant_id, kind, record_id, event, draft, actor_type, actor_id, fields)
        select ${tenant}::uuid, ${kind}::varchar, ${String(doc.id)}::varchar, ${event}::varchar,
          ${draft}::boolean, ${actor.type}::varchar, ${actor.id}::varchar,
          string_to_array(${fields.join(',')}, ',')
        from locked
        returning seq, tenant_id, at
      )
      select seq, at,
        pg_notify(${changeChannel}, json_build_object('tenant', tenant_id, 'seq', seq)::text),
        array[${sql.join(wants, sql`, `)}]::boolean[] as wanted
      from entry`,
  })
  if (!row) return
  await noteSent({ req, message: tenantChangeSent(tenant) })
  const entry: ChangeEntry = {
    seq: Number(row.seq),
    tenant,
    kind,
    recordId: String(doc.id),
    event,
    draft,
    at: new Date(row.at).toISOString(),
    fields,
    doc: operation === 'delete' ? undefined : doc,
  }
  for (const [i, subscriber] of subscribers.entries())
    await subscriber.run({ req, entry, wanted: row.wanted[i] === true })
}
