import type { PartnerRecord } from '../operations/types'
import type { ExpandTree } from './paths'

/** Only the selected top-level fields of the record (a selected join keeps its `…More`). */
export const selectFields = ({
  record,
  select,
}: {
  record: PartnerRecord
  select: readonly string[]
}): PartnerRecord => {
  const kept = new Set(select.flatMap((name) => [name, `${name}More`]))
  return Object.fromEntries(Object.entries(record).filter(([name]) => kept.has(name)))
}

/** The expansions under the selected fields: a field not answered is not expanded. */
export const selectedTree = ({
  tree,
  select,
}: {
  tree: ExpandTree
  select: readonly string[] | undefined
}): ExpandTree =>
  select ? new Map([...tree].filter(([name]) => select.includes(name.split('.')[0] ?? ''))) : tree
