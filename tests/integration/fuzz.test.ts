import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { reservedPaths as reservedOf } from '../../src/plugins/partnerApi/exports/openapi'
import { contributedRoutes } from '../helpers/kinds'
import { makeImage } from '../../src/seed/images'
import { startApp, type RunningApp } from '../helpers/app'
import { checkStoredMarkers, runFuzz, sampleMinimal, type FuzzWorld } from '../helpers/fuzz'
import { fieldNamesOf, kindSpecs } from '../helpers/kinds'
import { createKey, createSample, partner, partnerBase } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

const reservedPaths = reservedOf(contributedRoutes)

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
    if (kind === 'ticketing-connections')
      return { name: marker, provider: 'spektrix', spektrix: { clientName: 'fuzz' } }
    if (kind === 'scheduled-changes')
      return {
        kind: 'events',
        record: world.idsByKind.events?.[0],
        action: 'publish',
        at: new Date(Date.now() + 86_400_000).toISOString(),
      }
    return sampleMinimal({
      world,
      kind,
      marker,
      kinds: kindSpecs,
      hasTitle: (collection) => fieldNamesOf(collection).has('title'),
    })
  },
}
const secret = (slug: string): string => `secret-${slug}`
const tenantIdsBySlug = (): Record<string, string> =>
  Object.fromEntries(Object.entries(tenants).map(([slug, t]) => [slug, t.id]))
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
    const started = Date.now()
    const { requests, statuses, markers } = await runFuzz({
      base: `${app.origin}${partnerBase}`,
      doc,
      world,
      secret,
      runs,
      seed,
      log: () => app.output(),
    })
    const seconds = (Date.now() - started) / 1000
    console.log(
      `[fuzz] ${requests} requests in ${seconds.toFixed(1)} s (${Math.round(requests / seconds)}/s); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${markers.accepted.size} writes accepted`,
    )

    // The database holds nothing a refused request tried to write, and every accepted write
    // sits in its key's tenant.
    await checkStoredMarkers({ payload, markers, tenantIds: tenantIdsBySlug() })
    expect(statuses.size).toBeGreaterThan(3)
  }, 3_600_000)
})
