import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { startDnsServer } from '../helpers/dnsServer'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

type Delivery = {
  state: string
  log?: { ok: boolean; status: number | null; error: string | null; latencyMs: number }[]
}

let app: RunningApp
let dns: Awaited<ReturnType<typeof startDnsServer>>
let admin: AdminClient
let tenantId: string
let key: string
const password = 'outbound-names-password'

beforeAll(async () => {
  const payload = await getTestPayload()
  // The app asks only this server: an internal name, a name whose server never answers, and
  // everything else not found.
  dns = await startDnsServer({
    zone: { 'inside.test': { a: ['10.0.0.7'] }, 'silent.test': { hang: true } },
  })
  const tenant = await createTenant({ payload, slug: 'outbound-names' })
  tenantId = String(tenant.id)
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  await createUser({
    payload,
    email: 'outbound-admin@example.com',
    password,
    tenants: [{ tenant, roles: ['tenant-admin'] }],
  })
  app = await startApp({
    env: {
      WEBHOOK_DELIVERY: 'on',
      WEBHOOK_ALLOWED_HOSTS: '',
      MEDIA_FETCH_ALLOWED_HOSTS: '',
      OUTBOUND_DNS_SERVERS: dns.server,
      OUTBOUND_DNS_TIMEOUT_MS: '500',
    },
  })
  admin = await signIn({ origin: app.origin, email: 'outbound-admin@example.com', password })
})

afterAll(async () => {
  await app?.stop()
  await dns?.close()
})

const generic = 'The target could not be reached.'

describe('targets the server must not or cannot reach', () => {
  it('a test message to an internal, an unknown or a silent name answers the same', async () => {
    const attempts = []
    for (const url of [
      'https://inside.test/hook',
      'https://nowhere.test/hook',
      'https://silent.test/hook',
      'https://localhost/hook',
    ]) {
      const created = await admin.post('/api/webhooks', { tenant: tenantId, url })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const id = String((created.body.doc as { id: string }).id)
      const res = await admin.post(`/api/webhooks/${id}/test`)
      expect(res.status).toBe(200)
      const attempt = (res.body as Delivery).log?.[0]
      attempts.push(attempt)
      expect(attempt, url).toMatchObject({ ok: false, status: null, latencyMs: 0, error: generic })
    }
    // Nothing in the log tells one from another.
    expect(new Set(attempts.map((a) => JSON.stringify({ ...a, at: undefined }))).size).toBe(1)
  })

  it('refuses a literal private address on create with the same words', async () => {
    const res = await admin.post('/api/webhooks', {
      tenant: tenantId,
      url: 'https://10.0.0.7/hook',
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain(generic)
    expect(JSON.stringify(res.body)).not.toMatch(/private|reserved/)
  })

  it('a media src to an internal, an unknown or a silent name is refused the same', async () => {
    const client = partner({ origin: app.origin, tenant: 'outbound-names', key })
    const details = new Set<string>()
    for (const src of [
      'http://inside.test/a.png',
      'http://nowhere.test/a.png',
      'http://silent.test/a.png',
      'http://10.0.0.7/a.png',
    ]) {
      const res = await client.create('media', { src, alt: 'x' })
      expect(res.status, src).toBe(400)
      details.add(String(res.body.detail))
    }
    expect([...details]).toEqual(['"src" could not be reached.'])
  })
})
