import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { partnerKinds, type Kind } from '../../src/plugins/partnerApi/kinds/model'
import type { JsonSchema } from '../../src/plugins/partnerApi/kinds/fieldSchema'
import { propertiesOf } from '../../src/plugins/partnerApi/kinds/fieldSchema'
import { operatorsOf, parseListQuery } from '../../src/plugins/partnerApi/reads/listQuery'
import type { ReadVersion } from '../../src/plugins/partnerApi/reads/version'
import { readPlan } from '../../src/plugins/partnerApi/reads/plan'
import { payloadQuery } from '../../src/db/payloadQuery'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase, sampleBody } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'
import { element as block, text } from '../../src/seed/richText'

/**
 * The partner layer's own reads (`reads/read.ts`: one table, Payload's query builder) answer exactly what Payload answers: two apps on one
 * database, one with it and one without (both without the read cache), asked the same lists,
 * sorts, filters (every operator each field type takes, nulls and lists with nulls included),
 * cursor walks and retrieves; every answer must be the same status and the same bytes.
 */
let payload: Payload
let sql: RunningApp
let viaPayload: RunningApp
let tenant: Tenant
let other: Tenant
let key = ''
let otherKey = ''
const created = new Map<string, string[]>()
/** Per kind, the records written with every field filled (not the sample alone). */
const firstTry = new Map<string, number>()
const records = 7

const strings = ['Alpha beta', 'alpha Gamma', 'Beta', '50% off_sale', 'Ωmega', 'Beta']
const numbers = [3, 1.5, -2, 3, 10, 0.25]

/** A value for each writable field of a schema, varied by `i`, some left empty. */
const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'UTC']

const fill = ({
  schema,
  i,
  unique,
  event,
}: {
  schema: JsonSchema
  i: number
  unique: (name: string) => boolean
  /** An event of the tenant, for internal links. */
  event: string
}): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    if (name === 'id' || (i + name.length) % 4 === 0) continue
    // `descriptionMarkdown` is another way to write `description`: the JSON is given instead.
    if (name.endsWith('Markdown') && propertiesOf(schema)[name.slice(0, -'Markdown'.length)])
      continue
    const types = ([] as unknown[]).concat(property.type)
    const enumValues = Array.isArray(property.enum)
      ? property.enum.filter((v) => v !== null)
      : undefined
    if (propertiesOf(property).root) out[name] = lexical({ i, event })
    else if (types.includes('object')) out[name] = fill({ schema: property, i, unique, event })
    else if (enumValues?.length) out[name] = enumValues[i % enumValues.length]
    // A date's time zone (`startDate_tz`): a name the zone list knows, a different one per record.
    else if (name.endsWith('_tz')) out[name] = zones[i % zones.length]
    else if (property.format === 'uuid') continue
    else if (property.format === 'email') out[name] = `p${i % 3}@example.com`
    else if (property.format === 'uri') out[name] = `https://example.com/${i % 3}`
    else if (property.format === 'date-time')
      out[name] = new Date(Date.UTC(2026, 0, 1 + (i % 4), 10, i)).toISOString()
    else if (types.includes('string') && !property.pattern)
      out[name] = unique(name) ? `${strings[i % strings.length]} ${i}` : strings[i % strings.length]
    else if (types.includes('number') || types.includes('integer')) {
      const n = numbers[i % numbers.length]!
      const min = typeof property.minimum === 'number' ? property.minimum : -Infinity
      const max = typeof property.maximum === 'number' ? property.maximum : Infinity
      out[name] = Math.min(max, Math.max(min, types.includes('integer') ? Math.round(n) : n))
    } else if (types.includes('boolean')) out[name] = i % 2 === 0
  }
  return out
}

/** Rich text with a heading, emphasis, a list, and links (one internal, without `newTab`). */
const lexical = ({ i, event }: { i: number; event: string }) => ({
  root: block('root', [
    block('heading', [text(`Heading ${i}`)], { tag: 'h2' }),
    block(
      'paragraph',
      [
        text('Programme notes ', 1),
        block('link', [text('the event')], {
          fields: { linkType: 'internal', doc: { relationTo: 'events', value: event } },
        }),
        block('link', [text('elsewhere')], {
          fields: { linkType: 'custom', url: `https://example.com/${i}`, newTab: i % 2 === 0 },
        }),
      ],
      { textFormat: 0, textStyle: '' },
    ),
    block('list', [block('listitem', [text('One')], { value: 1 })], {
      listType: 'bullet',
      tag: 'ul',
      start: 1,
    }),
  ]),
})

const planned = (): Kind[] =>
  [...partnerKinds({ config: payload.config }).values()].filter((kind) =>
    readPlan({ payload, kind, version: 'published' }),
  )

/** Each version a kind reads: a draft kind's published records, and the latest of each. */
const versionsOf = (kind: Kind): { param: string; version: ReadVersion }[] => [
  { param: '', version: 'published' },
  ...(kind.drafts ? [{ param: 'draft=true', version: 'latest' as const }] : []),
]

const withParam = (query: string, param: string): string =>
  !param ? query : query ? `${query}&${param}` : `?${param}`

/** The records each version of a draft kind shows: every third never published. */
const neverPublished = (i: number): boolean => i % 3 === 2

const fetchBoth = async (path: string, auth = key) => {
  const read = async (app: RunningApp) => {
    const res = await fetch(`${app.origin}${partnerBase}/${path}`, {
      headers: { authorization: `Bearer ${auth}` },
    })
    // A problem repeats its own request's id, which no two answers share.
    const id = res.headers.get('x-request-id') ?? ''
    const text = (await res.text()).replace(`,"requestId":"${id}"`, '')
    return { status: res.status, etag: res.headers.get('etag'), text }
  }
  const [ours, theirs] = await Promise.all([read(sql), read(viaPayload)])
  // A server error shows what the app said of it.
  const said = [ours, theirs].some((a) => a.status >= 500)
    ? `${sql.output().slice(-1500)}\n---\n${viaPayload.output().slice(-1500)}`
    : ''
  expect({ path, ...ours }, said).toEqual({ path, ...theirs })
  return JSON.parse(ours.text) as Record<string, unknown>
}

/** The query is one the SQL side says itself (else both sides would be Payload's answer). */
const expectSql = ({ kind, query }: { kind: Kind; query: string }) => {
  let parsed
  try {
    parsed = parseListQuery({ search: query, leaves: kind.leaves, drafts: kind.drafts })
  } catch {
    return // refused before any read, by both
  }
  const { where } = parsed
  const plan = readPlan({ payload, kind, version: parsed.draft ? 'latest' : 'published' })!
  // Payload's query builder says it over the plan's one table.
  const { collection, versions } = plan
  expect(where && payloadQuery({ payload, collection, versions, where }).joins, query).toEqual([])
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'sr-same' })
  other = await createTenant({ payload, slug: 'sr-other' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  otherKey = await createKey({ payload, tenants: [other], scope: 'write' })
  ;[sql, viaPayload] = await Promise.all([
    startApp({ env: { PARTNER_CACHE: 'off' } }),
    startApp({ env: { PARTNER_CACHE: 'off', PARTNER_SQL_READS: 'off' } }),
  ])
  const writer = partner({ origin: sql.origin, tenant: 'sr-same', key })
  const otherWriter = partner({ origin: sql.origin, tenant: 'sr-other', key: otherKey })
  const event = await writer.create('events', {
    ...sampleBody('events', 'sr ref'),
    _status: 'published',
  })
  const refs = { event: String(event.body.id) }
  for (const kind of planned()) {
    const ids: string[] = []
    const collection = payload.collections[kind.collection].config
    const uniqueNames = new Set(
      (collection.indexes ?? []).filter((ix) => ix.unique).flatMap((ix) => ix.fields),
    )
    for (let i = 0; i < records; i++) {
      const status = kind.drafts ? { _status: neverPublished(i) ? 'draft' : 'published' } : {}
      const body = {
        ...sampleBody(kind.path, `sr ${kind.path} ${i}`, refs),
        ...fill({
          schema: kind.write,
          i,
          event: refs.event,
          // Slugs come from titles and names: those differ per record.
          unique: (name) => uniqueNames.has(name) || ['slug', 'title', 'name'].includes(name),
        }),
        ...status,
      }
      let res = await writer.create(kind.path, body)
      firstTry.set(kind.path, (firstTry.get(kind.path) ?? 0) + (res.status === 201 ? 1 : 0))
      // A combination a field's own rule refuses: the declared sample alone.
      if (res.status === 400)
        res = await writer.create(kind.path, {
          ...sampleBody(kind.path, `sr ${kind.path} ${i}`, refs),
          ...status,
        })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ids.push(String(res.body.id))
    }
    // A draft saved over the second record (published): the published version is what both
    // answer by default, the latest with `draft=true`.
    if (kind.drafts)
      await payload.update({
        collection: kind.collection,
        id: ids[1]!,
        // Any planned draft kind: its data type is every collection's at once, so none fits.
        data: { _status: 'draft', title: 'sr a newer draft' } as never,
        draft: true,
        overrideAccess: true,
      })
    const away = await otherWriter.create(
      kind.path,
      // No references: a kind that needs one is refused here, as another tenant's would be.
      sampleBody(kind.path, `sr away ${kind.path}`),
    )
    created.set(kind.path, ids)
    created.set(`${kind.path}:other`, away.status === 201 ? [String(away.body.id)] : [])
  }
})

afterAll(async () => {
  await Promise.all([sql?.stop(), viaPayload?.stop()])
})

describe('partner reads from their own SQL', () => {
  it('covers every kind whose answer is columns of one table', () => {
    const all = [...partnerKinds({ config: payload.config }).values()]
    const without = all
      .filter((kind) => !readPlan({ payload, kind, version: 'published' }))
      .map((k) => k.path)
    // Uploads (derived URLs and sizes); breadcrumbs, options and has-many targets (rows of
    // tables of their own); a redirect's target (a reference to one of several collections).
    expect(without.sort()).toEqual(['custom-attributes', 'files', 'media', 'pages', 'redirects'])
    expect(planned().map((k) => k.path)).toEqual(
      expect.arrayContaining(['events', 'event-instances']),
    )
  })

  it('compares records with their fields filled, rich text included', () => {
    // A field's own rule may refuse one combination (an instance ending before it starts).
    for (const kind of planned())
      expect(firstTry.get(kind.path) ?? 0, kind.path).toBeGreaterThanOrEqual(records - 2)
  })

  it('answers lists, pages and sorts as Payload does', async () => {
    for (const kind of planned())
      for (const { param } of versionsOf(kind)) {
        const base = `sr-same/${kind.path}`
        for (const query of ['', '?limit=3', '?limit=3&page=3', '?limit=5&page=9'])
          await fetchBoth(`${base}${withParam(query, param)}`)
        for (const leaf of kind.leaves.filter((l) => l.path !== 'tenant'))
          for (const sort of [leaf.path, `-${leaf.path}`])
            await fetchBoth(`${base}${withParam(`?limit=4&sort=${sort}`, param)}`)
      }
  })

  it('walks cursors as Payload does', async () => {
    for (const kind of planned())
      for (const { param } of versionsOf(kind)) {
        const sortable = kind.leaves.filter((l) => l.path !== 'tenant').slice(0, 6)
        for (const leaf of sortable)
          for (const sort of [leaf.path, `-${leaf.path}`]) {
            let query = `?limit=2&sort=${sort}`
            for (let step = 0; step < records; step++) {
              const page = await fetchBoth(`sr-same/${kind.path}${withParam(query, param)}`)
              if (typeof page.nextCursor !== 'string') break
              query = `?limit=2&sort=${sort}&cursor=${encodeURIComponent(page.nextCursor)}`
            }
          }
      }
  })

  it('filters with every operator as Payload does', async () => {
    for (const kind of planned()) {
      const rows = (await fetchBoth(`sr-same/${kind.path}?limit=100`)).docs as Record<
        string,
        unknown
      >[]
      const valuesAt = (path: string) =>
        rows.map((row) =>
          path
            .split('.')
            .reduce<unknown>((at, name) => (at as Record<string, unknown>)?.[name], row),
        )
      for (const leaf of kind.leaves.filter((l) => l.path !== 'tenant')) {
        const present = valuesAt(leaf.path).filter((v) => v !== null && v !== undefined)
        const sample = present[0] ?? null
        const text = typeof sample === 'string' ? sample : 'Beta'
        const operands: Record<string, unknown[]> = {
          equals: [sample, null],
          not_equals: [sample, null],
          in: [present.slice(0, 2), [sample, null]],
          not_in: [present.slice(0, 2), [sample, null]],
          like: [text.split(' ')[0]?.toUpperCase(), 'beta  al', '%'],
          contains: [text.slice(1, 4), '50%'],
          exists: [true, false],
          greater_than: [sample],
          greater_than_equal: [sample],
          less_than: [sample],
          less_than_equal: [sample],
        }
        for (const operator of operatorsOf(leaf))
          for (const operand of operands[operator] ?? []) {
            if (operand === null && !['equals', 'not_equals'].includes(operator)) continue
            if (operand === null && leaf.type !== 'string' && leaf.type !== 'ref') continue
            const where = JSON.stringify({ [leaf.path]: { [operator]: operand } })
            const query = `?limit=50&where=${encodeURIComponent(where)}`
            await fetchBoth(`sr-same/${kind.path}${query}`)
            expectSql({ kind, query })
          }
      }
      const first = kind.leaves.find((l) => l.type === 'string' && l.path !== 'id')
      if (first) {
        const nested = {
          or: [
            { [first.path]: { exists: false } },
            { and: [{ [first.path]: { like: 'a' } }, { id: { not_equals: rows[0]?.id } }] },
          ],
        }
        const query = `?limit=50&where=${encodeURIComponent(JSON.stringify(nested))}`
        await fetchBoth(`sr-same/${kind.path}${query}`)
        expectSql({ kind, query })
      }
    }
  })

  it('retrieves as Payload does, and never another tenant’s record', async () => {
    for (const kind of planned()) {
      for (const [i, id] of (created.get(kind.path) ?? []).entries()) {
        for (const { param, version } of versionsOf(kind)) {
          const doc = await fetchBoth(`sr-same/${kind.path}/${id}${withParam('', param)}`)
          if (version === 'published' && kind.drafts && neverPublished(i))
            expect(doc.status).toBe(404)
          else expect(doc.id).toBe(id)
          if (kind.drafts && i === 1)
            expect(doc.title).toEqual(
              version === 'latest' ? 'sr a newer draft' : expect.any(String),
            )
          if (kind.drafts && i === 1 && version === 'published')
            expect(doc.title).not.toBe('sr a newer draft')
        }
      }
      for (const id of created.get(`${kind.path}:other`) ?? []) {
        await fetchBoth(`sr-same/${kind.path}/${id}`)
        const res = await fetch(`${sql.origin}${partnerBase}/sr-same/${kind.path}/${id}`, {
          headers: { authorization: `Bearer ${key}` },
        })
        expect(res.status).toBe(404)
        await fetchBoth(`sr-other/${kind.path}/${id}`, key)
      }
      await fetchBoth(`sr-same/${kind.path}/00000000-0000-4000-8000-000000000000`)
      await fetchBoth(`sr-same/${kind.path}/not-an-id`)
    }
  })

  it('never lists another tenant’s records', async () => {
    for (const kind of planned())
      for (const { param, version } of versionsOf(kind)) {
        const listed = await fetchBoth(`sr-same/${kind.path}${withParam('?limit=100', param)}`)
        const ids = new Set((listed.docs as { id: string }[]).map((d) => d.id))
        for (const id of created.get(`${kind.path}:other`) ?? []) expect(ids.has(id)).toBe(false)
        const mine = created.get(kind.path) ?? []
        const shown =
          version === 'published' && kind.drafts ? mine.filter((_, i) => !neverPublished(i)) : mine
        expect([...ids].filter((id) => mine.includes(id)).sort()).toEqual([...shown].sort())
        expect(listed.totalDocs).toBe(shown.length + (kind.path === 'events' ? 1 : 0))
      }
  })
})
