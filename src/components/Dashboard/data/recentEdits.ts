import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { declaredKinds } from '../../../plugins/partnerApi/exports/kinds'
import type { PanelRead } from './scope'
import { refKey, titlesOf } from './titles'

export type RecentEdit = {
  seq: number
  collection: string
  record: string
  title: string
  event: string
  at: string
  tenant: string
  /** Who: a user's email, an API key's name, or the system (a schedule, a box-office sync). */
  by: string
}

type Row = {
  seq: string
  tenant_id: string
  kind: string
  record_id: string
  event: string
  at: string
  actor_type: string
  actor_id: string | null
}

/**
 * Names of the users and keys that acted, read once each. A colleague (a member of one of the
 * shown organisations) and the organisation's own keys are named; anyone else (an installation
 * admin, a key of other organisations) only by what they are: the dashboard tells an editor
 * nothing of people outside their organisations.
 */
const actorNames = async ({
  payload,
  rows,
  tenants,
}: {
  payload: Payload
  rows: Row[]
  tenants: readonly string[]
}) => {
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.actor_type === type && r.actor_id).map((r) => r.actor_id!)),
  ]
  const shown = (value: RelationValue[] | null | undefined) =>
    (value ?? []).some((tenant) => tenants.includes(relationId(tenant) ?? ''))
  const [users, keys] = await Promise.all([
    payload.find({
      collection: 'users',
      where: { id: { in: ids('user') } },
      pagination: false,
      depth: 0,
      select: { email: true, tenants: true },
    }),
    payload.find({
      collection: 'api-keys',
      where: { id: { in: ids('key') } },
      pagination: false,
      depth: 0,
      select: { name: true, tenants: true },
    }),
  ])
  return new Map<string, string>([
    ...users.docs.map(
      (u) =>
        [
          `user/${u.id}`,
          shown((u.tenants ?? []).map((row) => row.tenant)) ? u.email : 'An installation admin',
        ] as const,
    ),
    ...keys.docs.map(
      (k) => [`key/${k.id}`, shown(k.tenants) ? `API key “${k.name}”` : 'An API key'] as const,
    ),
  ])
}

/**
 * The latest changes in the shown organisations, from the change log (every surface's writes
 * end there, with who made them): newest first, drafts included, each record's title as the
 * user may read it (a record they may not read is left out).
 */
export const recentEdits = async ({
  payload,
  user,
  scope,
  limit = 10,
}: PanelRead): Promise<RecentEdit[]> => {
  if (scope.tenants.length === 0) return []
  const tenants = scope.tenants.map((tenant) => tenant.id)
  const { rows } = await postgresOf(payload).drizzle.execute<Row>(sql`
    select seq, tenant_id, kind, record_id, event, at, actor_type, actor_id
      from change_log
     where tenant_id in (${sql.join(
       tenants.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by seq desc
     limit ${limit * 3}`)
  const collectionOf = new Map(
    declaredKinds(payload.config.collections).map((kind) => [kind.path, kind.collection]),
  )
  const edits = rows.flatMap((row) => {
    const collection = collectionOf.get(row.kind)
    return collection ? [{ row, collection }] : []
  })
  const [titles, names] = await Promise.all([
    titlesOf({
      payload,
      user,
      refs: edits.map(({ row, collection }) => ({ collection, id: row.record_id })),
    }),
    actorNames({ payload, rows, tenants }),
  ])
  return edits
    .flatMap(({ row, collection }) => {
      const title = titles.get(refKey({ collection, id: row.record_id }))
      if (title === undefined) return []
      return [
        {
          seq: Number(row.seq),
          collection,
          record: row.record_id,
          title,
          event: row.event,
          at: new Date(row.at).toISOString(),
          tenant: row.tenant_id,
          by:
            row.actor_type === 'system'
              ? 'Automatic'
              : (names.get(`${row.actor_type}/${row.actor_id}`) ?? 'Someone removed'),
        },
      ]
    })
    .slice(0, limit)
}
