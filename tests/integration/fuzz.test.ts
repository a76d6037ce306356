import fc from 'fast-check'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { reservedPaths } from '../../src/plugins/partnerApi/tenantRoutes'
import { makeImage } from '../../src/seed/images'
import { startApp, type RunningApp } from '../helpers/app'
import { requestArb, type FuzzRequest, type FuzzWorld } from '../helpers/fuzz'
import { fieldNamesOf, kindSpecs } from '../helpers/kinds'
import { createKey, createSample, partner, partnerBase, sampleBody } from '../helpers/partner'
import { sampleOf } from '../helpers/samples'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * A property-based fuzz of the partner API across two tenants and both key scopes. `npm test`
 * runs a few hundred requests; `npm run fuzz` runs ten thousand (FUZZ_RUNS) and a seed can be
 * replayed with FUZZ_SEED.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 500)
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
let app: RunningApp
let payload: Payload
const tenants: Record<string, Tenant> = {}
const world: FuzzWorld = {
  tenants: ['fuzz-a', 'fuzz-b'],
  keys: [],
  idsByKind: {},
  minimal: (kind, marker) => {
    if (kind === 'webhooks')
      return { url: `https://hooks.example.org/${marker}`, description: marker }
    if (kind === 'scheduled-changes')
      return {
        kind: 'events',
        record: world.idsByKind.events?.[0],
        action: 'publish',
        at: new Date(Date.now() + 86_400_000).toISOString(),
      }
    const spec = kindSpecs.find((k) => k.path === kind)
    // The references a sample needs: the first seeded record of the kind they point at.
    const refs = Object.fromEntries(
      Object.entries(sampleOf({ collection: spec?.collection ?? kind }).needs ?? {}).map(
        ([field, collection]) => [
          field,
          world.idsByKind[kindSpecs.find((k) => k.collection === collection)?.path ?? '']?.[0],
        ],
      ),
    )
    const body = sampleBody(kind, marker, refs)
    return hasTitle(kind) ? { ...body, title: marker } : body
  },
}
const secret = (slug: string): string => `secret-${slug}`
/** A kind whose records have a title carries the marker there, where the checks look. */
const hasTitle = (kind: string): boolean => {
  const spec = kindSpecs.find((k) => k.path === kind)
  return spec !== undefined && fieldNamesOf(spec.collection).has('title')
}

beforeAll(async () => {
  payload = await getTestPayload()
  for (const slug of world.tenants) {
    tenants[slug] = await createTenant({ payload, slug })
    for (const scope of ['read', 'write'] as const) {
      world.keys.push({
        token: await createKey({ payload, tenants: [tenants[slug]!], scope }),
        tenant: slug,
        scope,
      })
    }
  }
  app = await startApp({ env: { MEDIA_FETCH_TIMEOUT_MS: '1000' } })
  const doc = (await (await fetch(`${app.origin}${partnerBase}/openapi`)).json()) as {
    paths: Record<string, unknown>
  }
  const kinds = [
    ...new Set(
      Object.keys(doc.paths)
        .map((p) => /^\/\{tenant\}\/([^/]+)/.exec(p)?.[1])
        // Tenant routes (the change feed) are fuzzed but hold no records to seed.
        .filter((name) => name !== undefined && !reservedPaths.includes(name)),
    ),
  ] as string[]
  const png = Buffer.from(await makeImage({ width: 100, height: 80 }))
  for (const slug of world.tenants) {
    const writer = world.keys.find((k) => k.tenant === slug && k.scope === 'write')!.token
    const client = partner({ origin: app.origin, tenant: slug, key: writer })
    for (const kind of kinds) {
      const tag = `${secret(slug)}-${kind}`
      const res = await createSample({
        client,
        kind,
        tag,
        image: png,
        override: hasTitle(kind) ? { title: tag } : {},
      })
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(201)
      ;(world.idsByKind[kind] ??= []).push(String(res.body.id))
    }
  }
})

afterAll(async () => {
  await app?.stop()
})

describe('the partner API under generated hostile requests', () => {
  it(`answers ${runs} of them without a 5xx, a leak or a refused write`, async () => {
    const doc = await (await fetch(`${app.origin}${partnerBase}/openapi`)).json()
    let counter = 0
    const markers = { refused: new Set<string>(), accepted: new Map<string, string>() }
    const statuses = new Map<number, number>()
    const started = Date.now()
    const check = async (req: FuzzRequest): Promise<void> => {
      const res = await fetch(`${app.origin}${partnerBase}${req.path}${req.query}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
      })
      const text = await res.text()
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      const where = `${req.method} ${req.path}${req.query} → ${res.status}: ${text.slice(0, 300)}`
      // A 5xx brings the server's log along, to be fixed from the test output alone.
      if (res.status >= 500) expect.fail(`${where}\n--- app log ---\n${app.output().slice(-4000)}`)
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
      fc.asyncProperty(requestArb({ doc, world, marker: () => `fuzz${++counter}x` }), check),
      { numRuns: runs, seed, endOnFailure: true },
    )
    const seconds = (Date.now() - started) / 1000
    console.log(
      `[fuzz] ${counter} requests in ${seconds.toFixed(1)} s (${Math.round(counter / seconds)}/s); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${markers.accepted.size} writes accepted`,
    )

    // The database holds nothing a refused request tried to write, and every accepted write
    // sits in its key's tenant.
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
      for (const doc of docs as unknown as Record<string, unknown>[]) {
        const found = fields.map((f) => String(doc[f] ?? '')).find((v) => /^fuzz\d+x$/.test(v))
        if (!found) continue
        const tenant = tenants[markers.accepted.get(found) ?? '']
        expect(markers.accepted.has(found), `${config.slug} ${found} was stored but refused`).toBe(
          true,
        )
        expect(String(doc.tenant), `${config.slug} ${found}`).toBe(tenant?.id)
      }
    }
    expect(statuses.size).toBeGreaterThan(3)
  }, 3_600_000)
})
