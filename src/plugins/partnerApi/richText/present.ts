import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { linkableCollections } from '../../../fields/richText'
import { richTextReferences } from '../../../utilities/richTextReferences'
import { htmlName, type Kind } from '../kinds/model'
import type { PartnerRecord } from '../operations/types'
import { isUuid } from '../query'
import { richTextHtml, type Picture, type Targets } from './html'

/**
 * The records rich text names, found in the tenant only (a foreign id reads as gone): one
 * query per collection named, for a whole page of records at once.
 */
const findTargets = async ({
  payload,
  tenantId,
  values,
  req,
}: {
  payload: Payload
  tenantId: string
  values: unknown[]
  req?: PayloadRequest
}): Promise<Targets> => {
  const targets: Targets = { links: new Map(), pictures: new Map() }
  const wanted = new Map<string, Set<string>>()
  for (const ref of values.flatMap((value) => richTextReferences(value))) {
    const allowed =
      ref.node === 'link'
        ? linkableCollections.includes(ref.collection as never)
        : ref.collection === 'media'
    if (allowed && isUuid(ref.id))
      wanted.set(ref.collection, (wanted.get(ref.collection) ?? new Set()).add(ref.id))
  }
  await Promise.all(
    [...wanted].map(async ([collection, ids]) => {
      const { docs } = await payload.find({
        collection: collection as CollectionSlug,
        where: { and: [{ id: { in: [...ids] } }, { tenant: { equals: tenantId } }] },
        depth: 0,
        limit: ids.size,
        pagination: false,
        overrideAccess: true,
        ...(req ? { req } : {}),
      })
      for (const doc of docs as unknown as Record<string, unknown>[]) {
        const key = `${collection}:${String(doc.id)}`
        if (collection === 'media') {
          if (typeof doc.url === 'string')
            targets.pictures.set(key, {
              url: doc.url,
              alt: typeof doc.alt === 'string' ? doc.alt : '',
              width: doc.width as Picture['width'],
              height: doc.height as Picture['height'],
            })
        } else targets.links.set(key, typeof doc.url === 'string' ? doc.url : null)
      }
    }),
  )
  return targets
}

/**
 * Stored documents in the partner shape, each rich text field beside its HTML. Every answer
 * that carries records goes through here, so a read, a write's answer, a tag and a webhook
 * message show the same bytes.
 */
export const presentRecords = async ({
  payload,
  kind,
  tenantId,
  docs,
  req,
}: {
  payload: Payload
  kind: Kind
  tenantId: string
  docs: object[]
  req?: PayloadRequest
}): Promise<PartnerRecord[]> => {
  const records = docs.map((doc) => kind.project(doc))
  if (kind.richText.length === 0) return records
  const values = records.flatMap((record) => kind.richText.map((name) => record[name]))
  const targets = await findTargets({ payload, tenantId, values, req })
  for (const record of records)
    for (const name of kind.richText)
      record[htmlName(name)] = richTextHtml({ value: record[name], targets })
  return records
}

/** One stored document in the partner shape. */
export const presentRecord = async (
  args: Omit<Parameters<typeof presentRecords>[0], 'docs'> & { doc: object },
): Promise<PartnerRecord> => (await presentRecords({ ...args, docs: [args.doc] }))[0]!
