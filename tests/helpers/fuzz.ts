import fc from 'fast-check'
import type { Payload } from 'payload'
import { expect } from 'vitest'

import { sampleOf, type Samples } from './samples'

/**
 * Hostile partner requests generated from the served OpenAPI document: every documented
 * operation, with tenants, ids, keys, query parameters, content types and bodies drawn from a
 * mix of what the document says and what an attacker would send instead.
 */
type Schema = {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, Schema>
  items?: Schema
  enum?: unknown[]
  format?: string
  oneOf?: Schema[]
  anyOf?: Schema[]
  readOnly?: boolean
}

type Operation = {
  method: string
  path: string
  bodySchema?: Schema
}

export type FuzzRequest = {
  method: string
  path: string
  query: string
  headers: Record<string, string>
  body?: string
  keyTenant: string | undefined
  marker: string
}

export type FuzzWorld = {
  tenants: string[]
  keys: { token: string; tenant: string; scope: 'read' | 'write' }[]
  idsByKind: Record<string, string[]>
  /** A body the kind accepts, carrying `marker`: so that writes get far enough to matter. */
  minimal: (kind: string, marker: string) => Record<string, unknown>
}

export const operationsOf = (doc: {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >
}): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
      })),
  )

const hostileStrings = [
  "' or 1=1 --",
  '"; drop table events; --',
  '../../etc/passwd',
  '%2e%2e%2f',
  '\u0000',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'ｆｕｌｌｗｉｄｔｈ',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  'null',
  '2026-06-30T23:59:60Z',
  '2026-02-30T10:00:00Z',
  'http://169.254.169.254/latest/meta-data',
  'http://[::ffff:127.0.0.1]/x.png',
  'http://[2002:7f00:1::1]/x.png',
  'file:///etc/passwd',
  // Full-text search syntax, as a search box might send it.
  '"unterminated',
  'a & | ! b',
  '((((',
  'foo:*',
  'x <-> y <2> z',
  '-',
  'or or or',
]

const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...hostileStrings),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'tenant', 'x'), fc.string(), {
      maxKeys: 3,
    }),
  )

const resolve = (schema: Schema | undefined, components: Record<string, Schema>): Schema => {
  let current = schema ?? {}
  for (let i = 0; i < 10 && current.$ref; i++) {
    current = components[current.$ref.split('/').pop() ?? ''] ?? {}
  }
  return current
}

/** A value for `schema`: mostly what it asks for, sometimes anything at all. */
const valueFor = (
  schema: Schema | undefined,
  components: Record<string, Schema>,
  depth: number,
): fc.Arbitrary<unknown> => {
  const s = resolve(schema, components)
  if (depth > 3) return hostile()
  const union = s.oneOf ?? s.anyOf
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  let conforming: fc.Arbitrary<unknown>
  if (union) conforming = fc.oneof(...union.map((u) => valueFor(u, components, depth + 1)))
  else if (s.enum) conforming = fc.constantFrom(...s.enum)
  else if (types.includes('object') || s.properties) {
    conforming = fc.record(
      Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, valueFor(v, components, depth + 1)]),
      ),
      { requiredKeys: [] },
    )
  } else if (types.includes('array'))
    conforming = fc.array(valueFor(s.items, components, depth + 1), { maxLength: 3 })
  else if (types.includes('integer')) conforming = fc.integer({ min: -5, max: 5000 })
  else if (types.includes('number')) conforming = fc.double({ noNaN: true, min: -1e6, max: 1e6 })
  else if (types.includes('boolean')) conforming = fc.boolean()
  else if (s.format === 'date-time')
    conforming = fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
  else if (s.format === 'uuid') conforming = fc.uuid()
  // Never a host name: a fuzz run must not send a DNS query off this machine.
  else if (s.format === 'uri')
    conforming = fc.constantFrom(
      'http://127.0.0.1:9/x.png',
      'http://10.0.0.1/x.png',
      'http://[::1]/x.png',
      'http://[fe80::1]/x.png',
      'https://0.0.0.0/x.png',
      'http://[::ffff:169.254.169.254]/x',
    )
  else conforming = fc.string({ maxLength: 30 })
  return fc.oneof({ weight: 4, arbitrary: conforming }, { weight: 1, arbitrary: hostile() })
}

const queryArb = (): fc.Arbitrary<string> => {
  const field = fc.constantFrom(
    'title',
    'slug',
    'tenant',
    'id',
    'createdAt',
    'hash',
    'password',
    'tenant.slug',
    'a.b.c.d.e',
    '__proto__',
    'event',
    'startDate',
  )
  const operator = fc.constantFrom(
    'equals',
    'not_equals',
    'like',
    'contains',
    'in',
    'not_in',
    'exists',
    'greater_than',
    'near',
    'all',
    'within',
    '$ne',
  )
  const value = fc.oneof(
    fc.constantFrom(...hostileStrings),
    fc.string({ maxLength: 20 }),
    fc.uuid(),
  )
  const where = fc
    .tuple(fc.constantFrom('', '[or][0]', '[and][0]', '[or][0][and][1]'), field, operator, value)
    .map(([prefix, f, op, v]) => `where${prefix}[${f}][${op}]=${encodeURIComponent(v)}`)
  const param = fc.oneof(
    where,
    fc
      .constantFrom(
        'limit',
        'page',
        'sort',
        'depth',
        'draft',
        'locale',
        'select[title]',
        'populate',
        'joins',
        'search',
        'cursor',
      )
      .chain((name) =>
        fc
          .oneof(
            fc.constantFrom(...hostileStrings),
            fc.integer({ min: -2, max: 2000 }).map(String),
            fc.constantFrom('title', '-createdAt', 'tenant', 'hash'),
          )
          .map((v) => `${name}=${encodeURIComponent(v)}`),
      ),
    // Expansion and selection: known paths of several kinds, too deep, not references, hostile.
    fc
      .tuple(
        fc.constantFrom('expand', 'select', 'expand[]', 'expand[work]'),
        fc.array(
          fc.oneof(
            fc.constantFrom(
              'work',
              'image',
              'work.image',
              'season',
              'event',
              'event.work',
              'venue',
              'performances',
              'performances.venue',
              'event.performances.venue',
              'tenant',
              'title',
              'id',
              'a.b.c',
              '__proto__',
              'constructor',
            ),
            fc.constantFrom(...hostileStrings),
          ),
          { maxLength: 4 },
        ),
      )
      .map(([name, values]) => `${name}=${encodeURIComponent(values.join(','))}`),
    fc.constantFrom(
      'where=%7B%22tenant%22%3A%7B%22exists%22%3Atrue%7D%7D',
      'where=%7Bbroken',
      'where[tenant][not_equals]=x',
    ),
  )
  return fc
    .array(param, { maxLength: 4 })
    .map((parts) => (parts.length ? `?${parts.join('&')}` : ''))
}

export const requestArb = ({
  doc,
  world,
  marker,
  kinds,
}: {
  doc: { paths: never; components?: { schemas?: Record<string, Schema> } }
  world: FuzzWorld
  marker: () => string
  /** Only the operations on these paths under `/{tenant}/` (all of them when left out). */
  kinds?: readonly string[]
}): fc.Arbitrary<FuzzRequest> => {
  const operations = operationsOf(doc).filter(
    (o) =>
      o.path.includes('{tenant}') &&
      (!kinds || kinds.includes(/^\/\{tenant\}\/([^/]+)/.exec(o.path)?.[1] ?? '')),
  )
  const components = doc.components?.schemas ?? {}
  const allIds = Object.values(world.idsByKind).flat()
  const tenantArb = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...world.tenants) },
    { weight: 1, arbitrary: fc.constantFrom('..', '%2e%2e', 'a'.repeat(80), 'UPPER', 'api', '') },
  )
  const idArb = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...allIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...hostileStrings).map(encodeURIComponent) },
  )
  const keyArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant('matching' as const) },
    { weight: 3, arbitrary: fc.constantFrom(...world.keys) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(undefined, {
        token: 'cms_zzzzzzzz_nope',
        tenant: '',
        scope: 'read' as const,
      }),
    },
  )
  return fc
    .record({
      op: fc.constantFrom(...operations),
      tenant: tenantArb,
      id: idArb,
      key: keyArb,
      query: queryArb(),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/merge-patch+json',
      ),
      body: fc.oneof(
        {
          weight: 1,
          arbitrary: fc.constantFrom('{', '[]', 'null', '"x"', '{"a":' + '['.repeat(200), ''),
        },
        { weight: 3, arbitrary: fc.constant('minimal' as const) },
        { weight: 4, arbitrary: fc.constant(undefined) },
      ),
      extra: fc.oneof(
        fc.constant({}),
        fc.dictionary(
          fc.constantFrom(
            'tenant',
            'id',
            'createdAt',
            'slug',
            'url',
            'hash',
            '__proto__',
            'nope',
            '_status',
          ),
          hostile(),
          { maxKeys: 2 },
        ),
      ),
    })
    .chain((r) => {
      const schema = r.op.bodySchema
      const bodyArb: fc.Arbitrary<unknown> = schema
        ? valueFor(schema, components, 0)
        : fc.constant(undefined)
      return bodyArb.map((generated) => ({ ...r, generated }))
    })
    .map((r) => {
      const mark = marker()
      let body: string | undefined
      const kind = /^\/\{tenant\}\/([^/]+)/.exec(r.op.path)?.[1] ?? ''
      if (r.op.method === 'POST' || r.op.method === 'PATCH' || r.op.method === 'PUT') {
        if (r.body === 'minimal') {
          body = JSON.stringify({ ...world.minimal(kind, mark), ...(r.extra as object) })
        } else if (r.body !== undefined) body = r.body
        else {
          const object =
            r.generated && typeof r.generated === 'object' && !Array.isArray(r.generated)
              ? { ...(r.generated as Record<string, unknown>) }
              : r.generated
          // Whatever a write stores is findable afterwards by its marker.
          if (object && typeof object === 'object' && !Array.isArray(object)) {
            for (const name of ['title', 'name', 'alt', 'caption'])
              (object as Record<string, unknown>)[name] = mark
            if ('from' in object) (object as Record<string, unknown>).from = `/${mark}`
          }
          body = JSON.stringify(object ?? null)
        }
      }
      const key =
        r.key === 'matching'
          ? (world.keys.find((k) => k.tenant === r.tenant && k.scope === 'write') ?? world.keys[0])
          : (r.key as FuzzWorld['keys'][number] | undefined)
      return {
        method: r.op.method,
        path: r.op.path
          .replace('{tenant}', r.tenant)
          .replace('{id}', r.id)
          .replace('{deliveryId}', r.id),
        query: r.query,
        headers: {
          ...(key ? { authorization: `Bearer ${key.token}` } : {}),
          ...(body !== undefined ? { 'content-type': r.contentType } : {}),
        },
        body,
        keyTenant: key?.tenant || undefined,
        marker: mark,
      }
    })
}

export type FuzzMarkers = { refused: Set<string>; accepted: Map<string, string> }

/**
 * Sends `runs` generated requests to the partner API under `base` and checks each answer: never
 * a 5xx, every refusal a problem document, nothing of a tenant the key is not bound to (its
 * `secret`), and a success only on the key's own tenant.
 */
export const runFuzz = async ({
  base,
  doc,
  world,
  secret,
  runs,
  seed,
  kinds,
  log = () => '',
}: {
  base: string
  doc: unknown
  world: FuzzWorld
  secret: (tenant: string) => string
  runs: number
  seed?: number
  kinds?: readonly string[]
  /** The server's log, shown with a 5xx. */
  log?: () => string
}): Promise<{ requests: number; statuses: Map<number, number>; markers: FuzzMarkers }> => {
  let counter = 0
  const markers: FuzzMarkers = { refused: new Set(), accepted: new Map() }
  const statuses = new Map<number, number>()
  const check = async (req: FuzzRequest): Promise<void> => {
    const res = await fetch(`${base}${req.path}${req.query}`, {
      method: req.method,
      headers: req.headers,
      body: req.body,
    })
    const text = await res.text()
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    const where = `${req.method} ${req.path}${req.query} → ${res.status}: ${text.slice(0, 300)}`
    // A 5xx brings the server's log along, to be fixed from the test output alone.
    if (res.status >= 500) expect.fail(`${where}\n--- app log ---\n${log().slice(-4000)}`)
    if (res.status >= 400) {
      expect(res.headers.get('content-type'), where).toMatch(/^application\/problem\+json/)
      expect((JSON.parse(text) as { status?: number }).status, where).toBe(res.status)
      markers.refused.add(req.marker)
    } else if (req.method !== 'GET' && req.method !== 'DELETE') {
      markers.accepted.set(req.marker, req.keyTenant ?? '')
    }
    // Nothing of a tenant the key is not bound to, and nothing at all without a key.
    for (const slug of world.tenants) {
      if (slug !== req.keyTenant) expect(text.toLowerCase(), where).not.toContain(secret(slug))
    }
    if (res.status < 400) expect(req.path.split('/')[1], where).toBe(req.keyTenant)
  }
  await fc.assert(
    fc.asyncProperty(
      // The served document, read as JSON: requestArb walks it without trusting its shape.
      requestArb({ doc: doc as never, world, marker: () => `fuzz${++counter}x`, kinds }),
      check,
    ),
    { numRuns: runs, seed, endOnFailure: true },
  )
  return { requests: counter, statuses, markers }
}

/**
 * The database holds nothing a refused request tried to write, and every accepted write sits in
 * its key's tenant: every tenant collection is searched for the markers.
 */
export const checkStoredMarkers = async ({
  payload,
  markers,
  tenantIds,
}: {
  payload: Payload
  markers: FuzzMarkers
  /** Tenant slug → id. */
  tenantIds: Record<string, string>
}): Promise<void> => {
  for (const { config } of Object.values(payload.collections)) {
    if (!config.flattenedFields.some((f) => f.name === 'tenant')) continue
    const fields = ['title', 'name', 'alt'].filter((n) =>
      config.flattenedFields.some((f) => f.name === n),
    )
    if (fields.length === 0) continue
    const { docs } = await payload.find({
      collection: config.slug as 'events',
      where: { or: fields.map((f) => ({ [f]: { like: 'fuzz' } })) },
      pagination: false,
      depth: 0,
      draft: true,
    })
    // Any collection's documents, read as plain data: their generated type is one slug's.
    for (const doc of docs as unknown as Record<string, unknown>[]) {
      const found = fields.map((f) => String(doc[f] ?? '')).find((v) => /^fuzz\d+x$/.test(v))
      if (!found) continue
      const tenant = tenantIds[markers.accepted.get(found) ?? '']
      expect(markers.accepted.has(found), `${config.slug} ${found} was stored but refused`).toBe(
        true,
      )
      expect(String(doc.tenant), `${config.slug} ${found}`).toBe(tenant)
    }
  }
}

/**
 * A body the kind accepts, from its collection's sample: the references it needs are the first
 * seeded records of the kinds they point at, and a title (where the kind has one) is `marker`.
 */
export const sampleMinimal = ({
  world,
  kind,
  marker,
  kinds,
  samples,
  hasTitle,
}: {
  world: FuzzWorld
  kind: string
  marker: string
  kinds: readonly { path: string; collection: string }[]
  samples?: Samples
  hasTitle: (collection: string) => boolean
}): Record<string, unknown> => {
  const spec = kinds.find((k) => k.path === kind)
  if (!spec) return {}
  const sample = sampleOf({ samples, collection: spec.collection })
  const refs = Object.fromEntries(
    Object.entries(sample.needs ?? {}).map(([field, collection]) => [
      field,
      world.idsByKind[kinds.find((k) => k.collection === collection)?.path ?? '']?.[0],
    ]),
  )
  const body = sample.data({ tag: marker, refs })
  return hasTitle(spec.collection) ? { ...body, title: marker } : body
}
