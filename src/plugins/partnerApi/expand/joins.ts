import { stringify } from 'qs-esm'

import type { Where } from 'payload'

import { partnerOptions } from '../options'
import type { Kind } from '../kinds/model'
import { listRecords } from '../operations/list'
import type { PartnerRecord } from '../operations/types'
import { presentRecords } from '../records/present'
import { readPlan } from '../reads/plan'
import { readWindow, type Windowed } from '../reads/window'
import type { ExpandContext } from './context'
import { joinedPerRecord, type Expandable } from './expandables'

type Join = Extract<Expandable, { type: 'join' }>

/** What a record answers beside its joined records: how many in all, and where the rest are. */
export type JoinedMore = { total: number; next: string | null }

/**
 * "From now", to the minute: answers made within a minute say the same, so a cached answer's
 * tag does not change with every miss.
 */
export const fromNow = (): string => {
  const now = new Date()
  now.setUTCSeconds(0, 0)
  return now.toISOString()
}

/** The list query that answers a parent's joined records, from the first one not answered. */
const restOf = ({
  context,
  join,
  target,
  parent,
  where,
}: {
  context: ExpandContext
  join: Join
  target: Kind
  parent: string
  where: Where
}): string =>
  `/${context.principal.tenant.slug}/${join.target}?${stringify(
    {
      where: { and: [{ [join.on]: { equals: parent } }, ...(where.and ?? [])] },
      sort: join.sort,
      limit: joinedPerRecord,
      page: 2,
      ...(context.version === 'latest' && target.drafts ? { draft: true } : {}),
    },
    { encodeValuesOnly: true },
  )}`

/** Each parent's first records when the target has no plan: one list read per parent. */
const windowByLists = async ({
  context,
  join,
  target,
  parents,
  where,
}: {
  context: ExpandContext
  join: Join
  target: Kind
  parents: string[]
  where: Where
}): Promise<Windowed> =>
  new Map(
    await Promise.all(
      parents.map(async (parent) => {
        const { docs, totalDocs } = await listRecords({
          payload: context.payload,
          kind: target,
          principal: context.principal,
          version: context.version,
          query: {
            limit: joinedPerRecord,
            page: 1,
            sort: join.sort,
            where: { and: [{ [join.on]: { equals: parent } }, where] },
            draft: context.version === 'latest',
          },
        })
        return [parent, { docs, total: totalDocs }] as const
      }),
    ),
  )

/**
 * Every record's next `joinedPerRecord` joined records (the visible ones from now, in the
 * join's order) under the join's name, and `<name>More` with their count and the list query
 * for the rest: one statement for the whole page when the target has a plan. Answers the
 * records brought, for the next level.
 */
export const expandJoin = async ({
  context,
  join,
  target,
  records,
}: {
  context: ExpandContext
  join: Join
  target: Kind
  records: PartnerRecord[]
}): Promise<PartnerRecord[]> => {
  const { payload, principal, version } = context
  const parents = [...new Set(records.map((record) => String(record.id)))]
  const where: Where = { and: [join.visible, { [join.sort]: { greater_than_equal: fromNow() } }] }
  const plan = partnerOptions(payload.config).sqlReads
    ? readPlan({ payload, kind: target, version })
    : undefined
  const windowed = plan
    ? await readWindow({
        payload,
        plan,
        kind: target,
        version,
        principal,
        on: join.on,
        parents,
        where,
        sort: join.sort,
        limit: joinedPerRecord,
      })
    : undefined
  const found = windowed ?? (await windowByLists({ context, join, target, parents, where }))
  // The plan's rows are stored documents: the page's are presented together.
  const stored = windowed ? [...found.values()].flatMap((entry) => entry.docs) : []
  const presented = windowed
    ? await presentRecords({ payload, kind: target, tenantId: principal.tenant.id, docs: stored })
    : []
  const asPresented = new Map(stored.map((doc, i) => [doc, presented[i]!]))
  const brought: PartnerRecord[] = []
  for (const record of records) {
    const parent = String(record.id)
    const entry = found.get(parent)
    const docs = (entry?.docs ?? []).map((doc) => asPresented.get(doc) ?? doc)
    brought.push(...docs)
    const total = entry?.total ?? 0
    const more: JoinedMore = {
      total,
      next: total > docs.length ? restOf({ context, join, target, parent, where }) : null,
    }
    record[join.name] = docs
    record[`${join.name}More`] = more
  }
  return brought
}
