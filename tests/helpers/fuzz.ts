import fc from 'fast-check'

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
}: {
  doc: { paths: never; components?: { schemas?: Record<string, Schema> } }
  world: FuzzWorld
  marker: () => string
}): fc.Arbitrary<FuzzRequest> => {
  const operations = operationsOf(doc).filter((o) => o.path.includes('{tenant}'))
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
