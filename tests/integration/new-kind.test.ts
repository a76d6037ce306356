import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

import { configOptions } from '@payload-config'
import { sql } from '@payloadcms/db-postgres'
import { GRAPHQL_POST } from '@payloadcms/next/routes'
import {
  buildConfig,
  getPayload,
  handleEndpoints,
  type CollectionConfig,
  type CollectionSlug,
  type Payload,
} from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { contentAccess } from '../../src/access/content'
import type { CollectionFacts } from '../../src/collections/facts'
import { databaseAdapter } from '../../src/db/adapter'
import { postgresOf } from '../../src/db/postgres'
import { richTextField } from '../../src/fields/richText'
import { searchLanguages } from '../../src/lib/searchLanguages'
import type { Tenant } from '../../src/payload-types'
import { GET as notAPartnerVersion } from '../../src/app/(partners)/api/partners/[...rest]/route'
import { handlePartnerRequest } from '../../src/plugins/partnerApi/exports/http'
import { plainOf, responseOf } from '../../src/lib/plainHttp'
import { declaredKinds } from '../../src/plugins/partnerApi/exports/kinds'
import { buildOpenApi31, routesOf } from '../../src/plugins/partnerApi/exports/openapi'
import { partnerBasePath } from '../../src/plugins/partnerApi/exports/base'
import { pluginIndexes, pluginTables } from '../../src/plugins/tables'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { freshDatabase, projectRoot } from '../helpers/app'
import { contractChecker, type Document31 } from '../helpers/contract'
import { checkStoredMarkers, runFuzz, sampleMinimal, type FuzzWorld } from '../helpers/fuzz'
import { checkedCall, checkKindContract } from '../helpers/kindContract'
import { createKey, createSample, partner } from '../helpers/partner'
import {
  changesNothingOfY,
  createsNothingInY,
  readsNothingOfY,
  recordSnapshot,
  type MatrixRecords,
} from '../helpers/roleMatrix'
import { appSamples, makeInTenant, makeSample, type Samples } from '../helpers/samples'
import { as, createTenant, createUser } from '../helpers/tenants'

/**
 * A record kind added as a developer adds one: a single collection config that declares its
 * facts. Nothing else is edited; the admin, Payload's access, the partner API, its document,
 * redirects, custom attributes, rich text links, search and SEO must all know it.
 */
const Programmes: CollectionConfig = {
  slug: 'programmes',
  labels: { singular: 'Programme', plural: 'Programmes' },
  admin: { useAsTitle: 'title', group: 'Listings' },
  access: contentAccess,
  custom: {
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    linkable: true,
    seo: true,
    searchable: true,
    partner: { path: 'programmes', schema: 'Programme', tag: 'Programmes' },
  } satisfies CollectionFacts,
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'pages', type: 'number', min: 1 },
    richTextField({ name: 'description' }),
    // A programme is always of one event: the reference a sample must make first.
    { name: 'event', type: 'relationship', relationTo: 'events', required: true },
  ],
}

/** The test's sample of its kind, beside the app's: it names the event it needs. */
const samples: Samples = {
  ...appSamples,
  programmes: {
    needs: { event: 'events' },
    data: ({ tag, refs }) => ({ title: `Programme ${tag}`, pages: 24, event: refs.event }),
    update: { pages: 32 },
  },
}

let payload: Payload
/** The generated types know the app's own collections only; this one is the test's. */
const programmes = Programmes.slug as CollectionSlug
let server: http.Server
let base = ''
let origin = ''
const config = (async () =>
  buildConfig({
    ...configOptions,
    collections: [...(configOptions.collections ?? []), Programmes],
    db: databaseAdapter({
      connectionString: await freshDatabase('new_kind'),
      poolMax: 5,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 30_000,
      migrationDir: path.join(projectRoot, 'src/migrations'),
      // The new collection has no migration: its installation pushes the schema, as `npm run dev` does.
      push: true,
      tables: pluginTables,
      indexes: pluginIndexes,
    }),
  }))()

/**
 * The configuration with the new kind on a real loopback server: the partner handler, Payload's
 * own REST API and its GraphQL, as the app's routes serve them.
 */
const startServer = (): Promise<http.Server> =>
  new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1')
        const headers = new Headers()
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string') headers.set(name, value)
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
        const request = new Request(url, { method: req.method, headers, body })
        // Routed on the path as sent: `%2e%2e` in a partner path is the partner API's to refuse.
        const sent = (req.url ?? '/').split('?')[0] ?? '/'
        const answer = sent.startsWith(`${partnerBasePath}/`)
          ? handlePartnerRequest({
              request: plainOf(request),
              segments: sent.slice(partnerBasePath.length + 1).split('/'),
              config,
            }).then(responseOf)
          : sent.startsWith('/api/partners/')
            ? notAPartnerVersion()
            : url.pathname === '/api/graphql'
              ? GRAPHQL_POST(config)(request)
              : handleEndpoints({ config, request, payloadInstanceCacheKey: 'new-kind' })
        void answer.then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers))
          res.end(Buffer.from(await response.arrayBuffer()))
        })
      })
    })
    s.listen(0, '127.0.0.1', () => resolve(s))
  })

const call = async ({
  key,
  method = 'GET',
  path: at,
  json,
}: {
  key: string
  method?: string
  path: string
  json?: unknown
}): Promise<{ status: number; body: Record<string, unknown> }> => {
  const res = await fetch(`${base}${at}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    ...(json ? { body: JSON.stringify(json) } : {}),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

describe('a record kind declared in one collection config', () => {
  beforeAll(async () => {
    payload = await getPayload({ config, key: 'new-kind' })
    server = await startServer()
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    base = `${origin}${partnerBasePath}`
  })
  afterAll(async () => {
    server?.close()
    await payload?.destroy()
  })

  it('is tenant-owned in the admin, and a target of redirects and attributes', async () => {
    const collection = payload.collections[programmes]?.config
    expect(collection?.admin.group).toBe('Listings')
    // The multi-tenant plugin gave it its tenant field, which scopes the admin's lists.
    expect(collection?.fields.some((f) => 'name' in f && f.name === 'tenant')).toBe(true)
    const redirectTo = payload.collections.redirects.config.flattenedFields.find(
      (f) => f.name === 'to',
    )
    const reference =
      redirectTo && 'flattenedFields' in redirectTo
        ? redirectTo.flattenedFields.find((f) => f.name === 'reference')
        : undefined
    expect(reference && 'relationTo' in reference ? reference.relationTo : []).toContain(
      'programmes',
    )
    const appliesTo = payload.collections['custom-attributes'].config.flattenedFields.find(
      (f) => f.name === 'appliesTo',
    )
    expect(
      appliesTo && 'options' in appliesTo
        ? appliesTo.options.map((o) => (typeof o === 'string' ? o : o.value))
        : [],
    ).toContain('programmes')
  })

  it('has the five partner operations, tenant-isolated, and is in the served document', async () => {
    const harbour = await createTenant({ payload, slug: 'nk-harbour' })
    const globe = await createTenant({ payload, slug: 'nk-globe' })
    const harbourKey = await createKey({ payload, tenants: [harbour], scope: 'write' })
    const globeKey = await createKey({ payload, tenants: [globe], scope: 'write' })

    // The event a programme must name, made through the API like any record.
    const event = await call({
      key: harbourKey,
      method: 'POST',
      path: '/nk-harbour/events',
      json: { title: 'Season opening' },
    })
    expect(event.status, JSON.stringify(event.body)).toBe(201)
    const eventId = String(event.body.id)
    const created = await call({
      key: harbourKey,
      method: 'POST',
      path: '/nk-harbour/programmes',
      json: { title: 'Season brochure', pages: 24, event: eventId },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = String(created.body.id)
    expect(created.body).toMatchObject({ title: 'Season brochure', pages: 24, tenant: harbour.id })
    expect((await call({ key: harbourKey, path: `/nk-harbour/programmes/${id}` })).status).toBe(200)
    const listed = await call({
      key: harbourKey,
      path: '/nk-harbour/programmes?where[pages][equals]=24',
    })
    expect(listed.body.totalDocs).toBe(1)
    const updated = await call({
      key: harbourKey,
      method: 'PATCH',
      path: `/nk-harbour/programmes/${id}`,
      json: { pages: 32 },
    })
    expect(updated.body.pages).toBe(32)
    // Bad input is refused by the schema made from the new fields.
    const bad = await call({
      key: harbourKey,
      method: 'POST',
      path: '/nk-harbour/programmes',
      json: { title: 'x', pages: 'many', colour: 'red', event: eventId },
    })
    expect(bad.status).toBe(400)
    expect((bad.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'colour',
      'pages',
    ])

    // Another tenant's key: 403 on the path, and the record reads as missing in its own tenant.
    expect((await call({ key: globeKey, path: `/nk-harbour/programmes/${id}` })).status).toBe(403)
    expect((await call({ key: globeKey, path: `/nk-globe/programmes/${id}` })).status).toBe(404)
    const globeList = await call({ key: globeKey, path: '/nk-globe/programmes' })
    expect(globeList.body.totalDocs).toBe(0)
    // Payload's own access (admin, REST, GraphQL, Local API) scopes it the same way. The
    // installation's first user is its super-admin, so one is made before the editors.
    await createUser({ payload, email: 'nk-installer@example.com' })
    const globeEditor = await createUser({
      payload,
      email: 'nk-globe-editor@example.com',
      tenants: [{ tenant: globe, roles: ['editor'] }],
    })
    const harbourEditor = await createUser({
      payload,
      email: 'nk-harbour-editor@example.com',
      tenants: [{ tenant: harbour, roles: ['editor'] }],
    })
    expect((await payload.find({ collection: programmes, ...as(globeEditor) })).totalDocs).toBe(0)
    expect((await payload.find({ collection: programmes, ...as(harbourEditor) })).totalDocs).toBe(1)
    await expect(
      payload.update({
        collection: programmes,
        id,
        data: { pages: 3 } as never,
        ...as(globeEditor),
      }),
    ).rejects.toThrow()
    expect(
      (await call({ key: globeKey, method: 'DELETE', path: `/nk-globe/programmes/${id}` })).status,
    ).toBe(404)
    expect(
      (await call({ key: harbourKey, method: 'DELETE', path: `/nk-harbour/programmes/${id}` }))
        .status,
    ).toBe(204)

    const doc = buildOpenApi31({ config: payload.config, serverUrl: 'http://localhost:3000' })
    const paths = doc.paths as Record<string, Record<string, { operationId: string }>>
    expect(Object.keys(paths['/{tenant}/programmes'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(paths['/{tenant}/programmes/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ])
    expect(paths['/{tenant}/programmes']?.post?.operationId).toBe('createProgrammes')
    const schemas = (doc.components as { schemas: Record<string, { properties?: object }> }).schemas
    expect(Object.keys(schemas.Programme?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'title', 'pages', 'tenant', 'createdAt', 'updatedAt']),
    )
    expect((doc.tags as { name: string }[]).map((t) => t.name)).toContain('Programmes')
  })

  it('is a target of rich text links, searchable and filled with SEO defaults', async () => {
    const harbour = await createTenant({ payload, slug: 'nk-harbour' })
    const globe = await createTenant({ payload, slug: 'nk-globe' })
    const make = (tenant: Tenant, tag: string): Promise<string> =>
      makeSample({
        samples,
        collection: programmes,
        tag,
        make: makeInTenant({ payload, tenant }),
      })
    const own = await make(harbour, 'linked brochure')
    const theirs = await make(globe, 'their brochure')

    // Rich text may link to it (it declares `linkable`), within the tenant only.
    const linking = await payload.create({
      collection: 'works',
      data: { tenant: harbour.id, title: 'Linking work', description: linkTo('programmes', own) },
    })
    expect(linking.id).toBeTruthy()
    await expect(
      payload.create({
        collection: 'works',
        data: {
          tenant: harbour.id,
          title: 'Foreign link',
          description: linkTo('programmes', theirs),
        },
      }),
    ).rejects.toThrow()
    // SEO: the plugin's fields, filled from the record.
    const stored = (await payload.findByID({
      collection: programmes,
      id: own,
      depth: 0,
    })) as unknown as {
      meta?: { title?: string }
      title: string
      event: string
    }
    expect(stored.meta?.title).toBe(stored.title)

    // A collection that does not declare `linkable` is no link's target.
    await expect(
      payload.create({
        collection: programmes,
        data: {
          tenant: harbour.id,
          title: 'Tag link',
          event: stored.event,
          description: linkTo('media-tags', own),
        } as never,
      }),
    ).rejects.toThrow()

    // Search: the partner API's `search` finds it, and its table has the per-language indexes.
    const key = await createKey({ payload, tenants: [harbour], scope: 'read' })
    const found = await call({ key, path: '/nk-harbour/programmes?search=linked' })
    expect(found.status, JSON.stringify(found.body)).toBe(200)
    expect((found.body.docs as { id: string }[]).map((d) => d.id)).toEqual([own])
    const { rows } = await postgresOf(payload).drizzle.execute<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'programmes' AND indexname LIKE 'programmes_search_%'`,
    )
    expect(rows.map((r) => r.indexname).sort()).toEqual(
      [
        'programmes_search_text_fts_idx',
        ...searchLanguages
          .filter(({ value }) => value !== 'simple')
          .map(({ value }) => `programmes_search_${value}_idx`),
      ].sort(),
    )
  })

  it('has, pushed from the declarations, the search indexes the migrations wrote by hand', async () => {
    // The app's configuration on a database of its own, built by the committed migrations.
    const migrated = await getPayload({
      key: 'new-kind-migrated',
      config: buildConfig({
        ...configOptions,
        db: databaseAdapter({
          connectionString: await freshDatabase('new_kind_migrated'),
          poolMax: 2,
          connectTimeoutMs: 5_000,
          statementTimeoutMs: 60_000,
          idleInTransactionTimeoutMs: 60_000,
          migrationDir: path.join(projectRoot, 'src/migrations'),
          push: false,
          tables: pluginTables,
          indexes: pluginIndexes,
        }),
      }),
    })
    try {
      const { migrations } = await import('../../src/migrations')
      // The committed list, whose `up`/`down` Payload types more narrowly than migrate:create writes.
      await migrated.db.migrate({ migrations: migrations as never })
      const searchIndexes = async (of: Payload) =>
        (
          await postgresOf(of).drizzle.execute<{ indexname: string; indexdef: string }>(
            sql`SELECT indexname, indexdef FROM pg_indexes WHERE indexname ~ '_search_(text_fts|[a-z]+)_idx$' AND tablename <> 'programmes' ORDER BY indexname`,
          )
        ).rows
      const byHand = await searchIndexes(migrated)
      expect(byHand).toHaveLength(99)
      expect(await searchIndexes(payload)).toEqual(byHand)
    } finally {
      await migrated.destroy()
    }
  })

  it('passes the contract check: every operation and documented error matches the document', async () => {
    const tenant = await createTenant({ payload, slug: 'nk-contract' })
    const other = await createTenant({ payload, slug: 'nk-contract-other' })
    const problems: string[] = []
    const checker = contractChecker(servedDocument())
    const sanitized = await config
    const spec = declaredKinds(sanitized.collections).find((k) => k.path === 'programmes')!
    await checkKindContract(
      {
        call: checkedCall({ base: () => base, checker: () => checker, problems }),
        tenant: 'nk-contract',
        keys: {
          write: await createKey({ payload, tenants: [tenant], scope: 'write' }),
          read: await createKey({ payload, tenants: [tenant], scope: 'read' }),
          other: await createKey({ payload, tenants: [other], scope: 'write' }),
          limited: await createKey({ payload, tenants: [tenant], scope: 'write', rateLimit: 1 }),
        },
        checker,
        problems,
        kinds: declaredKinds(sanitized.collections),
        samples,
        uniqueField: () => undefined,
        operationIds: (kind) =>
          routesOf(sanitized)
            .filter((r) => r.path.split('/')[2] === kind)
            .map((r) => r.operationId),
      },
      spec,
    )
  })

  it('passes a short fuzz: no 5xx, no leak, no refused write stored', async () => {
    const kinds = declaredKinds((await config).collections)
    const secret = (slug: string): string => `secret-${slug}`
    const world: FuzzWorld = {
      tenants: ['nk-fuzz-a', 'nk-fuzz-b'],
      keys: [],
      idsByKind: {},
      minimal: (kind, marker) =>
        sampleMinimal({ world, kind, marker, kinds, samples, hasTitle: () => true }),
    }
    const tenantIds: Record<string, string> = {}
    for (const slug of world.tenants) {
      const tenant = await createTenant({ payload, slug })
      tenantIds[slug] = tenant.id
      for (const scope of ['read', 'write'] as const)
        world.keys.push({
          token: await createKey({ payload, tenants: [tenant], scope }),
          tenant: slug,
          scope,
        })
      const writer = world.keys.find((k) => k.tenant === slug && k.scope === 'write')!.token
      const client = partner({ origin, tenant: slug, key: writer })
      for (const kind of ['events', 'programmes']) {
        const tag = `${secret(slug)}-${kind}`
        const res = await createSample({
          client,
          kind,
          tag,
          kinds,
          samples,
          override: { title: tag },
        })
        expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(201)
        ;(world.idsByKind[kind] ??= []).push(String(res.body.id))
      }
    }
    const doc = servedDocument()
    const { statuses, markers } = await runFuzz({
      base,
      doc,
      world,
      secret,
      runs: Number(process.env.FUZZ_RUNS ?? 60),
      kinds: ['programmes'],
    })
    expect(statuses.size).toBeGreaterThan(1)
    await checkStoredMarkers({ payload, markers, tenantIds })
  })

  it("joins the role matrix: no role of X reads, changes, deletes or creates Y's", async () => {
    const x = await createTenant({ payload, slug: 'nk-matrix-x' })
    const y = await createTenant({ payload, slug: 'nk-matrix-y' })
    const password = 'nk-matrix-password-1'
    await createUser({
      payload,
      email: 'nk-matrix-admin-x@example.com',
      password,
      tenants: [{ tenant: x, roles: ['tenant-admin'] }],
    })
    await createUser({
      payload,
      email: 'nk-matrix-editor-x@example.com',
      password,
      tenants: [{ tenant: x, roles: ['editor'] }],
    })
    const make = (tenant: Tenant, tag: string) =>
      makeSample({
        samples,
        collection: programmes,
        tag,
        make: makeInTenant({ payload, tenant }),
      })
    const records: MatrixRecords = new Map([
      [programmes, { x: await make(x, 'matrix x'), y: await make(y, 'matrix y') }],
    ])
    const snapshot = recordSnapshot(payload)
    const roles: Record<string, () => Promise<AdminClient>> = {
      'tenant admin of X': () =>
        signIn({ origin, email: 'nk-matrix-admin-x@example.com', password }),
      'editor of X': () => signIn({ origin, email: 'nk-matrix-editor-x@example.com', password }),
      'signed out': async () => adminClient({ origin }),
    }
    for (const role of Object.values(roles)) {
      const client = await role()
      // The routes work: X's own record is readable to X's people.
      await readsNothingOfY({ client, records })
      await changesNothingOfY({ client, records, snapshot })
      await createsNothingInY({ client, payload, slugs: [programmes], y: y.id })
    }
    const editor = await roles['editor of X']!()
    expect((await editor.get(`/api/${programmes}/${records.get(programmes)!.x}`)).status).toBe(200)
  })
})

/**
 * The document the app's `/openapi` route serves for this configuration (that route is Next's,
 * not the partner handler's), as the JSON a client reads.
 */
const servedDocument = (): Document31 =>
  JSON.parse(
    JSON.stringify(buildOpenApi31({ config: payload.config, serverUrl: origin })),
  ) as Document31

/** Rich text holding one link to a record. */
const linkTo = (relationTo: string, value: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr' as const,
    format: '' as const,
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [
          {
            type: 'link',
            version: 3,
            direction: 'ltr',
            format: '',
            indent: 0,
            fields: { linkType: 'internal', doc: { relationTo, value } },
            children: [
              {
                type: 'text',
                version: 1,
                text: 'see',
                format: 0,
                mode: 'normal',
                style: '',
                detail: 0,
              },
            ],
          },
        ],
      },
    ],
  },
})
