import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { fail, type PartnerPrincipal } from '../../partnerApi/exports/routes'
import { encodeCursor } from '../feed/cursor'
import type { ChangeEvent } from '../log/events'
import type { FeedQuery } from '../feed/feedQuery'

/** One entry of the change feed as partners read it. */
export type Change = {
  cursor: string
  event: ChangeEvent
  /** Drafts only changed (listed with `drafts=true`): the published version is as it was. */
  draft: boolean
  kind: string
  id: string
  tenant: string
  at: string
  actor: { type: 'user' | 'key' | 'system'; id: string | null }
  fields: string[]
}

export type ChangePage = { changes: Change[]; next: string; hasMore: boolean }

type Row = {
  seq: string | number
  kind: string
  record_id: string
  event: ChangeEvent
  draft: boolean
  at: string | Date
  actor_type: Change['actor']['type']
  actor_id: string | null
  fields: string[]
  horizon: string | number | null
  newest: string | number | null
}

/**
 * The tenant's changes after a cursor, oldest first. The page and the tenant's newest entry are
 * read in one snapshot, so a page that exhausts the feed hands out a cursor past everything
 * committed: a filtered partner moves on too, and does not fall behind the retention.
 */
export const listChanges = async ({
  payload,
  principal,
  query,
}: {
  payload: Payload
  principal: PartnerPrincipal
  query: FeedQuery
}): Promise<ChangePage> => {
  const tenant = principal.tenant.id
  if (query.retiredCursor)
    fail({
      status: 410,
      detail:
        'This cursor is of an encoding the feed no longer reads (it showed the global sequence). Read the records again in full (the list operations), then follow the feed from the cursor of your first call without "after".',
    })
  const after = query.after ?? 0
  const scope = { secret: payload.secret, tenant }
  const { rows } = await postgresOf(payload).drizzle.execute(sql`
    with page as (
      select seq, kind, record_id, event, draft, at, actor_type, actor_id, fields
      from change_log
      where tenant_id = ${tenant} and seq > ${after}
        ${query.drafts ? sql`` : sql`and not draft`}
        ${query.kinds ? sql`and kind = any(string_to_array(${query.kinds.join(',')}, ','))` : sql``}
        ${query.events ? sql`and event = any(string_to_array(${query.events.join(',')}, ','))` : sql``}
      order by seq
      limit ${query.limit + 1}
    ),
    marks as (
      select
        (select through_seq from change_log_horizon where tenant_id = ${tenant}) as horizon,
        (select max(seq) from change_log where tenant_id = ${tenant}) as newest
    )
    select page.*, marks.horizon, marks.newest from marks left join page on true
    order by page.seq`)
  const found = rows as Row[]
  const marks = found[0]
  const horizon = Number(marks?.horizon ?? 0)
  if (query.after !== undefined && query.after < horizon) {
    fail({
      status: 410,
      detail:
        'This cursor is older than the change log keeps: entries after it were removed. Read the records again in full (the list operations), then follow the feed from the cursor of your first call without "after".',
    })
  }
  const entries = found.filter((row) => row.seq !== null)
  const hasMore = entries.length > query.limit
  const page = entries.slice(0, query.limit)
  const last = page.at(-1)
  const newest = Math.max(after, Number(marks?.newest ?? 0))
  return {
    changes: page.map((row) => ({
      cursor: encodeCursor({ seq: Number(row.seq), ...scope }),
      event: row.event,
      draft: row.draft,
      kind: row.kind,
      id: row.record_id,
      tenant: principal.tenant.slug,
      at: new Date(row.at).toISOString(),
      actor: { type: row.actor_type, id: row.actor_id },
      fields: row.fields,
    })),
    next: encodeCursor({ seq: hasMore && last ? Number(last.seq) : newest, ...scope }),
    hasMore,
  }
}
