import { partnerKinds, type Kind } from '../kinds/model'
import type { PartnerRecord } from '../operations/types'
import type { ExpandContext } from './context'
import { expandablesOf } from './expandables'
import { expandJoin } from './joins'
import type { ExpandTree } from './paths'
import { expandReference } from './references'

/**
 * The tree's expansions applied to `records` in place, level by level: each name one read of
 * its target kind for all the records at once, then its own names on the records it brought.
 * The cost of a page is so a few statements per path, whatever the number of records.
 */
export const expandRecords = async ({
  context,
  kind,
  records,
  tree,
}: {
  context: ExpandContext
  kind: Kind
  records: PartnerRecord[]
  tree: ExpandTree
}): Promise<void> => {
  if (records.length === 0 || tree.size === 0) return
  const { config } = context.payload
  const expandables = expandablesOf({ config, kind })
  await Promise.all(
    [...tree].map(async ([name, below]) => {
      const expandable = expandables.get(name)
      const target = expandable && partnerKinds({ config }).get(expandable.target)
      // Checked when the query was read: a name here is always known.
      if (!expandable || !target) return
      const brought =
        expandable.type === 'reference'
          ? await expandReference({ context, expandable, target, records })
          : await expandJoin({ context, join: expandable, target, records })
      await expandRecords({ context, kind: target, records: brought, tree: below })
    }),
  )
}
