import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

import { configOptions } from '@payload-config'
import {
  buildConfig,
  getPayload,
  type CollectionConfig,
  type CollectionSlug,
  type Payload,
} from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { contentAccess } from '../../src/access/content'
import { databaseAdapter } from '../../src/db/adapter'
import { handlePartnerRequest } from '../../src/plugins/partnerApi/exports/http'
import { buildOpenApi31 } from '../../src/plugins/partnerApi/exports/openapi'
import { partnerBasePath } from '../../src/plugins/partnerApi/exports/base'
import { pluginTables } from '../../src/plugins/tables'
import { freshDatabase, projectRoot } from '../helpers/app'
import { createKey } from '../helpers/partner'
import { as, createTenant, createUser } from '../helpers/tenants'

/**
 * A record kind added as a developer adds one: a single collection config that declares its
 * facts. Nothing else is edited; the admin, Payload's access, the partner API, its document,
 * redirects and custom attributes must all know it.
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
    partner: {
      path: 'programmes',
      schema: 'Programme',
      tag: 'Programmes',
      sample: {
        create: (tag) => ({ title: `Programme ${tag}`, pages: 24 }),
        update: { pages: 32 },
      },
    },
  },
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'pages', type: 'number', min: 1 },
  ],
}

let payload: Payload
/** The generated types know the app's own collections only; this one is the test's. */
const programmes = Programmes.slug as CollectionSlug
let server: http.Server
let base = ''
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
    }),
  }))()

/** The partner handler on a real loopback server, over the configuration with the new kind. */
const startPartnerServer = (): Promise<http.Server> =>
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
        const segments = url.pathname.slice(partnerBasePath.length + 1).split('/')
        void handlePartnerRequest({ request, segments, config }).then(async (response) => {
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
    server = await startPartnerServer()
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${partnerBasePath}`
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

    const created = await call({
      key: harbourKey,
      method: 'POST',
      path: '/nk-harbour/programmes',
      json: { title: 'Season brochure', pages: 24 },
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
      json: { title: 'x', pages: 'many', colour: 'red' },
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
})
