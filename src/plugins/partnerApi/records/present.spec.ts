import type { Field, Where } from 'payload'
import { describe, expect, it } from 'vitest'

import { element, text } from '../../../seed/richText'
import type { BlockResolver } from '../kinds/blockResolver'
import { buildFieldModel } from '../kinds/fieldSchema'
import type { Kind } from '../kinds/model'
import { presentRead, presentRecord, presentRecords } from './present'
import { readFromRow, recall, rememberedOf, rowKey } from './remembered'
import { standInPayload } from '../../../../tests/helpers/standIns'

const tenantId = '00000000-0000-4000-8000-0000000000aa'
const ids = {
  event: '00000000-0000-4000-8000-000000000001',
  draft: '00000000-0000-4000-8000-000000000002',
  away: '00000000-0000-4000-8000-000000000003',
  venue: '00000000-0000-4000-8000-000000000004',
  picture: '00000000-0000-4000-8000-000000000005',
}

/** A block whose answer gains a property made when read: here, each row's place in the page. */
const counted: BlockResolver = {
  name: 'counted',
  schema: { type: 'number', readOnly: true },
  resolve: async ({ tenantId: tenant, rows }) =>
    rows.map((row, i) => `${tenant === tenantId ? 'ours' : 'theirs'} ${String(row.label)} ${i}`),
}

const fields: Field[] = [
  { name: 'id', type: 'text' },
  { name: 'title', type: 'text', required: true },
  { name: 'venue', type: 'relationship', relationTo: 'venues' },
  { name: 'description', type: 'richText' },
  { name: 'details', type: 'group', fields: [{ name: 'notes', type: 'richText' }] },
  {
    name: 'layout',
    type: 'blocks',
    blocks: [
      {
        slug: 'counter',
        fields: [{ name: 'label', type: 'text' }],
        custom: { partnerResolved: counted },
      },
    ],
  },
]
const model = buildFieldModel({
  fields,
  options: { serverSet: () => false, alwaysSet: (path) => path === 'id' },
})
const kind = { ...model, collection: 'events', path: 'events', schema: 'Event' } as Kind

/** What the tenant's members may read: the multi-tenant rule's condition. */
const memberScope: Where = { tenant: { in: [tenantId] } }

type Stored = { collection: string; id: string; tenant: string; _status?: string } & Record<
  string,
  unknown
>

const stored: Stored[] = [
  { collection: 'events', id: ids.event, tenant: tenantId, _status: 'published', url: '/e/1' },
  { collection: 'events', id: ids.draft, tenant: tenantId, _status: 'draft', url: '/e/2' },
  { collection: 'events', id: ids.away, tenant: 'another', _status: 'published', url: '/e/3' },
  {
    collection: 'media',
    id: ids.picture,
    tenant: tenantId,
    url: '/media/p.jpg',
    alt: 'A stage',
    width: 800,
    height: null,
  },
]

/** Conditions as the fake store reads them: `and`, `equals`, `in`. */
const matches = (doc: Stored, where: Where): boolean =>
  Object.entries(where).every(([key, value]) => {
    if (key === 'and') return (value as Where[]).every((w) => matches(doc, w))
    const condition = value as { equals?: unknown; in?: unknown[] }
    if ('equals' in condition) return doc[key] === condition.equals
    if ('in' in condition) return (condition.in ?? []).includes(doc[key])
    throw new Error(`the fake store reads no ${JSON.stringify(condition)}`)
  })

/** A Payload of two collections (events with drafts, media) whose read access is the tenant's. */
const fakePayload = () => {
  const asked: { collection: string; where: Where; overrideAccess: unknown }[] = []
  const collection = (drafts: boolean) => ({
    config: { access: { read: () => memberScope }, ...(drafts ? { versions: { drafts } } : {}) },
  })
  const payload = {
    config: {
      i18n: { fallbackLanguage: 'en', supportedLanguages: { en: {} }, translations: {} },
      serverURL: '',
      // Events may be linked from rich text; media is named by upload nodes only.
      collections: [
        { slug: 'events', custom: { linkable: true } },
        { slug: 'media', custom: {} },
      ],
    },
    collections: { events: collection(true), media: collection(false) },
    find: async (args: { collection: string; where: Where; overrideAccess: unknown }) => {
      asked.push(args)
      return {
        docs: stored.filter(
          (doc) => doc.collection === args.collection && matches(doc, args.where),
        ),
      }
    },
  }
  return { payload: standInPayload(payload), asked }
}

const link = (id: string, words: string) =>
  element('link', [text(words)], {
    fields: { linkType: 'internal', doc: { relationTo: 'events', value: id } },
  })

const programme = element('root', [
  element('heading', [text('About')], { tag: 'h2' }),
  element('paragraph', [
    text('See '),
    link(ids.event, 'the premiere'),
    text(', '),
    link(ids.draft, 'the draft'),
    text(' and '),
    link(ids.away, 'elsewhere'),
  ]),
  { type: 'upload', relationTo: 'media', value: ids.picture, fields: { caption: 'Opening' } },
])

describe('presentRecords: a record as a partner sees it', () => {
  it('answers every declared field, references as ids, absent ones as null', async () => {
    const { payload } = fakePayload()
    const record = await presentRecord({
      payload,
      kind,
      tenantId,
      doc: { id: ids.event, title: 'Gala', venue: { id: ids.venue, title: 'Hall' } },
    })
    expect(record).toMatchObject({ id: ids.event, title: 'Gala', venue: ids.venue })
    expect(record.description).toBeNull()
    expect(record.descriptionHtml).toBeNull()
  })

  it('renders rich text beside its JSON, at any depth, links and pictures found in the tenant', async () => {
    const { payload, asked } = fakePayload()
    const [record] = await presentRecords({
      payload,
      kind,
      tenantId,
      docs: [
        {
          id: ids.event,
          title: 'Gala',
          description: { root: programme },
          details: {
            notes: { root: element('root', [element('paragraph', [text('Bring <a coat>')])]) },
          },
        },
      ],
    })
    const html = String(record?.descriptionHtml)
    expect(html).toContain('<h2>About</h2>')
    // A published record of the tenant: linked to its page now.
    expect(html).toContain('href="/e/1"')
    // A draft, and another tenant's record: the words stay, the anchor goes.
    expect(html).toContain('the draft')
    expect(html).not.toContain('/e/2')
    expect(html).toContain('elsewhere')
    expect(html).not.toContain('/e/3')
    expect(html).toMatch(/<img src="\/media\/p.jpg" alt="A stage" width="800" loading="lazy">/)
    expect(html).toContain('<figcaption>Opening</figcaption>')
    expect((record?.details as Record<string, unknown>).notesHtml).toBe(
      '<p>Bring &lt;a coat&gt;</p>',
    )
    // One read per collection named, within the collection's read access for a tenant member.
    const events = asked.find((a) => a.collection === 'events')
    const media = asked.find((a) => a.collection === 'media')
    expect(events?.where).toEqual({
      and: [
        memberScope,
        {
          and: [
            { id: { in: expect.arrayContaining([ids.event, ids.draft, ids.away]) } },
            { _status: { equals: 'published' } },
          ],
        },
      ],
    })
    expect(media?.where).toEqual({ and: [memberScope, { and: [{ id: { in: [ids.picture] } }] }] })
    expect(asked).toHaveLength(2)
  })

  it('fills each resolvable block with what it shows now, the rows of a whole page at once', async () => {
    const { payload } = fakePayload()
    const block = (label: string) => ({ blockType: 'counter', label })
    const records = await presentRecords({
      payload,
      kind,
      tenantId,
      docs: [
        { id: ids.event, title: 'One', layout: [block('a'), block('b')] },
        { id: ids.draft, title: 'Two', layout: [block('c')] },
      ],
    })
    expect(records.map((r) => r.layout)).toEqual([
      [
        { blockType: 'counter', label: 'a', counted: 'ours a 0' },
        { blockType: 'counter', label: 'b', counted: 'ours b 1' },
      ],
      [{ blockType: 'counter', label: 'c', counted: 'ours c 2' }],
    ])
  })

  it('reads nothing for a page without rich text references', async () => {
    const { payload, asked } = fakePayload()
    await presentRecords({ payload, kind, tenantId, docs: [{ id: ids.event, title: 'Plain' }] })
    expect(asked).toEqual([])
  })
})

describe('presentRead: records remembered by their rows', () => {
  /** A document as `reads/read.ts` hands it: read from a row of its values' text. */
  const fromRow = (doc: Record<string, unknown>) => {
    const row = [String(doc.id), JSON.stringify(doc)]
    const key = rowKey({ plan: 7, row })
    readFromRow({ doc, key, row })
    return { doc, key, row }
  }
  const plain = element('root', [element('paragraph', [text('Just words')])])

  it('makes a record of its own row once, and answers the same record for the same row', async () => {
    const { payload, asked } = fakePayload()
    const read = fromRow({ id: ids.event, title: 'Plain', description: { root: plain } })
    const [first] = await presentRead({ payload, kind, tenantId, docs: [read.doc], maxBytes: 1e6 })
    expect(first?.descriptionHtml).toBe('<p>Just words</p>')
    const known = recall({ key: read.key, row: read.row })
    expect(known?.record).toBe(first)
    // The next read of that row finds its document remembered and makes nothing.
    const [again] = await presentRead({
      payload,
      kind,
      tenantId,
      docs: [known!.doc],
      maxBytes: 1e6,
    })
    expect(again).toBe(first)
    expect(asked).toEqual([])
  })

  it('remembers no record whose answer shows other records', async () => {
    const { payload } = fakePayload()
    const linked = fromRow({ id: ids.event, title: 'Linked', description: { root: programme } })
    const block = fromRow({ id: ids.draft, title: 'Block', layout: [{ blockType: 'counter' }] })
    const plainOne = fromRow({ id: ids.away, title: 'Plain', description: { root: plain } })
    const records = await presentRead({
      payload,
      kind,
      tenantId,
      docs: [linked.doc, block.doc, plainOne.doc],
      maxBytes: 1e6,
    })
    expect(records.map((r) => r.title)).toEqual(['Linked', 'Block', 'Plain'])
    expect(String(records[0]?.descriptionHtml)).toContain('href="/e/1"')
    expect(rememberedOf(linked.doc)).toBeUndefined()
    expect(rememberedOf(block.doc)).toBeUndefined()
    expect(rememberedOf(plainOne.doc)?.record).toBe(records[2])
  })

  it('remembers nothing with a budget of 0', async () => {
    const { payload } = fakePayload()
    const read = fromRow({ id: ids.venue, title: 'Unkept' })
    await presentRead({ payload, kind, tenantId, docs: [read.doc], maxBytes: 0 })
    expect(recall({ key: read.key, row: read.row })).toBeUndefined()
  })
})
