import type { Block, CollectionSlug, Payload, PayloadRequest } from 'payload'

import { readScope, tenantMember, withinScope } from '../../../access/readScope'
import { timeSlices } from '../../../lib/timeSlices'
import { linkableCollections } from '../../../fields/richText'
import { eachFieldValue } from '../../../fields/fieldValues'
import { richTextReferences } from '../../../fields/richTextReferences'
import { blockResolverOf, type BlockResolver } from '../kinds/blockResolver'
import type { Kind } from '../kinds/model'
import { htmlName } from '../kinds/richTextSiblings'
import type { PartnerRecord } from '../../partnerShape'
import { isUuid } from '../../../lib/uuid'
import { richTextHtml, type Picture, type Targets } from '../richText/html'
import { publishedOnly } from '../../../access/published'
import { readFromARow, remember, rememberedOf } from './remembered'

const isCollection = (payload: Payload, slug: string): slug is CollectionSlug =>
  slug in payload.collections

/** A picture's stored width or height: a number, or absent. */
const size = (value: unknown): Picture['width'] =>
  typeof value === 'number' ? value : value === null ? null : undefined

/**
 * The records rich text names, found in the tenant only (its members' read access: a foreign
 * id reads as gone) and, of a
 * kind with drafts, only when published (a link to a record the website cannot show would be
 * a dead end, and would tell of it): one query per collection named, for a whole page of
 * records at once.
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
  const wanted = new Map<CollectionSlug, Set<string>>()
  const linkable: ReadonlySet<string> = new Set(linkableCollections(payload.config.collections))
  for (const ref of values.flatMap((value) => richTextReferences(value))) {
    const { collection } = ref
    const allowed = ref.node === 'link' ? linkable.has(collection) : collection === 'media'
    if (allowed && isUuid(ref.id) && isCollection(payload, collection))
      wanted.set(collection, (wanted.get(collection) ?? new Set()).add(ref.id))
  }
  const member = tenantMember({ tenantId })
  await Promise.all(
    [...wanted].map(async ([collection, ids]) => {
      // The tenant's records, by the collection's read access (the tenant rule) for a member.
      const scope = await readScope({ payload, collection, user: member })
      if (scope === false) return
      const drafts = Boolean(payload.collections[collection].config.versions?.drafts)
      const where = withinScope({
        scope,
        where: {
          and: [{ id: { in: [...ids] } }, ...(drafts ? [publishedOnly] : [])],
        },
      })
      const { docs } = await payload.find({
        collection,
        ...(where ? { where } : {}),
        depth: 0,
        limit: ids.size,
        pagination: false,
        overrideAccess: true,
        ...(req ? { req } : {}),
      })
      for (const doc of docs) {
        const at = (name: string): unknown => Reflect.get(doc, name)
        const url = at('url')
        const key = `${collection}:${String(doc.id)}`
        if (collection === 'media') {
          if (typeof url === 'string') {
            const alt = at('alt')
            targets.pictures.set(key, {
              url,
              alt: typeof alt === 'string' ? alt : '',
              width: size(at('width')),
              height: size(at('height')),
            })
          }
        } else targets.links.set(key, typeof url === 'string' ? url : null)
      }
    }),
  )
  return targets
}

type Holder = Record<string, unknown>

/** What the answers hold that is made when read: rich text fields, and resolvable blocks. */
const readTimeParts = ({ kind, records }: { kind: Kind; records: PartnerRecord[] }) => {
  const richText: { holder: Holder; name: string }[] = []
  const blocks = new Map<Block, { resolver: BlockResolver; rows: Holder[] }>()
  for (const record of records)
    eachFieldValue({
      fields: kind.readTimeFields,
      data: record,
      visit: ({ field, holder }) => {
        if (field.type === 'richText' && field.name in holder)
          richText.push({ holder, name: field.name })
        if (field.type !== 'blocks') return
        const rows = holder[field.name]
        if (!Array.isArray(rows)) return
        for (const row of rows as Holder[]) {
          const block = field.blocks.find((b) => b.slug === row.blockType)
          const resolver = block && blockResolverOf(block)
          if (!block || !resolver) continue
          const found = blocks.get(block) ?? { resolver, rows: [] }
          found.rows.push(row)
          blocks.set(block, found)
        }
      },
    })
  return { richText, blocks: [...blocks.values()] }
}

/**
 * Stored documents in the partner shape, each rich text field (at any depth) beside its HTML
 * and each resolvable block with what it shows now. Every answer that carries records goes
 * through here, so a read, a write's answer, a tag and a webhook message show the same bytes.
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
  if (kind.readTimeFields.length === 0) return records
  const parts = readTimeParts({ kind, records })
  if (parts.richText.length > 0) {
    const targets = await findTargets({
      payload,
      tenantId,
      values: parts.richText.map(({ holder, name }) => holder[name]),
      req,
    })
    // Rendering is synchronous: a page of long rich text yields between fields, so another
    // tenant's request waits a slice at most.
    const slices = timeSlices()
    for (const { holder, name } of parts.richText) {
      holder[htmlName(name)] = richTextHtml({ value: holder[name], targets })
      await slices.pause()
    }
  }
  for (const { resolver, rows } of parts.blocks) {
    const values = await resolver.resolve({ payload, tenantId, rows, ...(req ? { req } : {}) })
    rows.forEach((row, i) => (row[resolver.name] = values[i] ?? null))
  }
  return records
}

/** One stored document in the partner shape. */
export const presentRecord = async (
  args: Omit<Parameters<typeof presentRecords>[0], 'docs'> & { doc: object },
): Promise<PartnerRecord> => (await presentRecords({ ...args, docs: [args.doc] }))[0]!

/**
 * Whether a record's answer came from its own row alone: no rich text pointing at another
 * record (whose address or picture may change without it), no block showing others.
 */
const standsAlone = ({ kind, record }: { kind: Kind; record: PartnerRecord }): boolean => {
  if (kind.readTimeFields.length === 0) return true
  const parts = readTimeParts({ kind, records: [record] })
  return (
    parts.blocks.length === 0 &&
    parts.richText.every(({ holder, name }) => richTextReferences(holder[name]).length === 0)
  )
}

/**
 * Documents a read recognised by their rows (`reads/read.ts`) in the partner shape: a
 * remembered one as it was made, any other made now and remembered when its row alone made
 * it. The records may be shared with other answers: nothing may change them.
 */
export const presentRead = async ({
  maxBytes,
  docs,
  ...args
}: Omit<Parameters<typeof presentRecords>[0], 'req'> & {
  /** What the remembered records may hold; 0 keeps none. */
  maxBytes: number
}): Promise<PartnerRecord[]> => {
  const known = docs.map((doc) => rememberedOf(doc)?.record)
  const fresh = docs.filter((_, i) => known[i] === undefined)
  if (fresh.length === 0) return known as PartnerRecord[]
  const made = await presentRecords({ ...args, docs: fresh })
  let next = 0
  return known.map((record, i) => {
    if (record) return record
    const presented = made[next++]!
    const doc = docs[i]!
    if (readFromARow(doc) && standsAlone({ kind: args.kind, record: presented }))
      remember({ doc, record: presented, owner: args.tenantId, maxBytes })
    return presented
  })
}
