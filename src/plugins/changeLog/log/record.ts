import { sql, type SQL } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

import { gatherUntilCommit } from '../../../db/atCommit'
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

/** The facts of a change as the columns of its entry's row, for a subscriber's `wants`. */
export type ChangeColumns = { [K in 'tenant' | 'kind' | 'event' | 'draft']: SQL }

/**
 * Runs in the change's transaction after its entry is written: rolled back with it. `wants`, a
 * boolean SQL expression over the entry's columns, is asked in the statement that writes the
 * entries (one round trip for all), and `run` is told its answer: most changes concern no
 * subscriber, and then cost it nothing more.
 */
export type ChangeSubscriber = {
  wants?: (change: ChangeColumns) => SQL
  run: (args: { req: PayloadRequest; entry: ChangeEntry; wanted: boolean }) => Promise<void>
}

type Pending = Omit<ChangeEntry, 'seq' | 'at'> & {
  actor: ReturnType<typeof actorOf>
  subscribers: readonly ChangeSubscriber[]
}

// A name no subscriber's own tables take.
const columns: ChangeColumns = {
  tenant: sql`logged.tenant_id`,
  kind: sql`logged.kind`,
  event: sql`logged.event`,
  draft: sql`logged.draft`,
}

/** What every subscriber wants of the changes, over `change`'s columns or values. */
const interest = (subscribers: readonly ChangeSubscriber[], change: ChangeColumns): SQL =>
  sql`array[${sql.join(
    subscribers.map((s) => (s.wants ? sql`(${s.wants(change)})` : sql`true`)),
    sql`, `,
  )}]::boolean[]`

/**
 * One change, the common case (a single save), the statement as it always was: its values as
 * they are, which PostgreSQL plans in less time than the arrays of `manyEntries`.
 */
const oneEntry = (item: Pending): SQL => sql`
  with locked as materialized (
    select pg_advisory_xact_lock(hashtextextended(${`change_log:${item.tenant}`}, 0))
  ),
  entry as (
    insert into change_log
      (tenant_id, kind, record_id, event, draft, actor_type, actor_id, fields)
    select ${item.tenant}::uuid, ${item.kind}::varchar, ${item.recordId}::varchar,
      ${item.event}::varchar, ${item.draft}::boolean, ${item.actor.type}::varchar,
      ${item.actor.id}::varchar, string_to_array(${item.fields.join(',')}, ',')
    from locked
    returning seq, tenant_id, record_id, kind, at
  )
  select seq, at, record_id, kind,
    pg_notify(${changeChannel}, json_build_object('tenant', tenant_id, 'seq', seq)::text),
    ${interest(item.subscribers, {
      tenant: sql`${item.tenant}`,
      kind: sql`${item.kind}`,
      event: sql`${item.event}`,
      draft: sql`${item.draft}`,
    })} as wanted
  from entry`

/**
 * Several changes: one parameter a column, whatever their number (one statement text), and
 * each subscriber's interest asked of each row.
 */
const manyEntries = (items: Pending[]): SQL => {
  const column = <V>(pick: (item: Pending) => V) => sql.param(items.map(pick))
  return sql`
  with locked as materialized (
    select pg_advisory_xact_lock(hashtextextended('change_log:' || t, 0))
    from unnest(${sql.param([...new Set(items.map((item) => item.tenant))].sort())}::text[]) as t
  ),
  entry as (
    insert into change_log
      (tenant_id, kind, record_id, event, draft, actor_type, actor_id, fields)
    select i.tenant_id, i.kind, i.record_id, i.event, i.draft, i.actor_type, i.actor_id,
      string_to_array(i.fields, ',')
    from unnest(
      ${column((item) => item.tenant)}::uuid[], ${column((item) => item.kind)}::varchar[],
      ${column((item) => item.recordId)}::varchar[], ${column((item) => item.event)}::varchar[],
      ${column((item) => item.draft)}::boolean[], ${column((item) => item.actor.type)}::varchar[],
      ${column((item) => item.actor.id)}::varchar[], ${column((item) => item.fields.join(','))}::text[]
    ) with ordinality
      as i(tenant_id, kind, record_id, event, draft, actor_type, actor_id, fields, n)
    where (select count(*) from locked) >= 0
    order by i.n
    returning seq, tenant_id, kind, record_id, event, draft, at
  ),
  announced as (
    select pg_notify(${changeChannel}, json_build_object('tenant', tenant_id, 'seq', max(seq))::text)
    from entry group by tenant_id
  )
  select logged.seq, logged.at, logged.record_id, logged.kind,
    ${interest(items[0]?.subscribers ?? [], columns)} as wanted,
    (select count(*) from announced) as announced
  from entry logged order by logged.seq`
}

/**
 * Writes the transaction's entries, in the order of their changes, with one statement: the
 * tenants' advisory locks (in one order, so two transactions never wait on each other), the
 * rows, one NOTIFY per tenant and every subscriber's interest in each entry. The locks are held
 * to the commit, which follows: the order of a tenant's entries is the order in which they
 * commit, so a partner that has read entry N has seen every entry of the tenant before N and a
 * cursor never skips one that commits late.
 */
const writeEntries = async ({
  req,
  items,
}: {
  req: PayloadRequest
  items: Pending[]
}): Promise<void> => {
  // Every collection logs with the plugin's one list of subscribers.
  const subscribers = items[0]?.subscribers ?? []
  const rows = await executeInRequest<{
    seq: string | number
    at: string | Date
    record_id: string
    kind: string
    wanted: boolean[]
  }>({
    req,
    query: items.length === 1 ? oneEntry(items[0]!) : manyEntries(items),
  })
  if (rows.length !== items.length)
    throw new Error(`the change log wrote ${rows.length} entries for ${items.length} changes`)
  for (const [i, row] of rows.entries()) {
    const { actor: _actor, subscribers: _subscribers, ...item } = items[i]!
    // Entries take their sequence numbers in the order they were written.
    if (row.record_id !== item.recordId || row.kind !== item.kind)
      throw new Error('the change log wrote its entries out of order')
    const entry: ChangeEntry = {
      ...item,
      seq: Number(row.seq),
      at: new Date(row.at).toISOString(),
    }
    for (const [s, subscriber] of subscribers.entries())
      await subscriber.run({ req, entry, wanted: row.wanted[s] === true })
  }
}

/**
 * Appends the change to the log in the request's transaction, written with the transaction's
 * other changes just before it commits (`gatherUntilCommit`), and announced at commit.
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
  // Sent at commit by the entries' statement: the read cache need not send its own.
  await noteSent({ req, message: tenantChangeSent(tenant) })
  await gatherUntilCommit<Pending>({
    req,
    key: 'change_log',
    item: {
      tenant,
      kind,
      recordId: String(doc.id),
      event,
      draft,
      fields,
      doc: operation === 'delete' ? undefined : doc,
      actor: actorOf(req),
      subscribers,
    },
    flush: writeEntries,
    // Its lock is the last the transaction takes: the event dates' row locks come before it.
    last: true,
  })
}
