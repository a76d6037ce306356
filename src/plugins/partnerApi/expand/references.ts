import { listDefaults } from '../defaults'
import type { Kind } from '../kinds/model'
import { listRecords } from '../operations/list'
import type { PartnerRecord } from '../operations/types'
import type { ExpandContext } from './context'
import type { Expandable } from './expandables'

type Holder = Record<string, unknown>

/** The object holding the field at `path` (inside its groups), if the record has one. */
const holderOf = (record: Holder, path: string[]): Holder | undefined => {
  let at: unknown = record
  for (const name of path.slice(0, -1))
    at = at && typeof at === 'object' ? (at as Holder)[name] : undefined
  return at && typeof at === 'object' ? (at as Holder) : undefined
}

const idsIn = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string')

/**
 * Each reference at `expandable`'s path in `records` replaced by the record it names, read
 * once for the whole page however many records name it: one list read of the target kind by
 * `id in [...]`, as the key's principal, so only what the key could read by itself is
 * answered (a reference it cannot read, of another tenant, unpublished or deleted, stays an
 * id). Answers the distinct records brought, for the next level.
 */
export const expandReference = async ({
  context,
  expandable,
  target,
  records,
}: {
  context: ExpandContext
  expandable: Extract<Expandable, { type: 'reference' }>
  target: Kind
  records: PartnerRecord[]
}): Promise<PartnerRecord[]> => {
  const { path } = expandable
  const last = path[path.length - 1]!
  const holders = records.flatMap((record) => {
    const holder = holderOf(record, path)
    return holder ? [holder] : []
  })
  const ids = [...new Set(holders.flatMap((holder) => idsIn(holder[last])))]
  if (ids.length === 0) return []
  const { docs } = await listRecords({
    payload: context.payload,
    kind: target,
    principal: context.principal,
    version: context.version,
    counted: false,
    query: {
      limit: ids.length,
      page: 1,
      sort: listDefaults.sort,
      where: { id: { in: ids } },
      draft: context.version === 'latest',
    },
  })
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]))
  const swap = (value: unknown): unknown =>
    typeof value === 'string' ? (byId.get(value) ?? value) : value
  for (const holder of holders) {
    const value = holder[last]
    holder[last] = Array.isArray(value) ? value.map(swap) : swap(value)
  }
  return docs
}
