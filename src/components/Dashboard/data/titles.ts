import type { CollectionSlug, Payload } from 'payload'

import type { User } from '../../../payload-types'

export type RecordRef = { collection: string; id: string }

/** `collection/id`: one record's key among several collections. */
export const refKey = ({ collection, id }: RecordRef): string => `${collection}/${id}`

/**
 * The titles of records of several collections, one read per collection, as the user may see
 * them (latest version: what an editor last wrote). A record the user may not read has none.
 */
export const titlesOf = async ({
  payload,
  user,
  refs,
}: {
  payload: Payload
  user: User
  refs: readonly RecordRef[]
}): Promise<Map<string, string>> => {
  const byCollection = new Map<string, Set<string>>()
  for (const ref of refs) {
    if (!payload.collections[ref.collection as CollectionSlug]) continue
    byCollection.set(ref.collection, (byCollection.get(ref.collection) ?? new Set()).add(ref.id))
  }
  const titles = new Map<string, string>()
  await Promise.all(
    [...byCollection].map(async ([collection, ids]) => {
      const config = payload.collections[collection as CollectionSlug].config
      const titleField = config.admin?.useAsTitle ?? 'id'
      const { docs } = await payload.find({
        collection: collection as CollectionSlug,
        user,
        overrideAccess: false,
        draft: Boolean(
          config.versions && typeof config.versions === 'object' && config.versions.drafts,
        ),
        where: { id: { in: [...ids] } },
        limit: ids.size,
        pagination: false,
        depth: 0,
        select: { [titleField]: true },
      })
      for (const doc of docs as unknown as Record<string, unknown>[])
        titles.set(refKey({ collection, id: String(doc.id) }), String(doc[titleField] ?? doc.id))
    }),
  )
  return titles
}
