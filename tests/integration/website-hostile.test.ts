import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase, type Answer } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * What an attacker's review of the website features found (expand, previews, JSON-LD, feeds),
 * each kept as the behaviour promised: every case failed before its fix.
 */
let app: RunningApp
let payload: Payload
let tenantA: Tenant
let tenantB: Tenant
const keys = { readA: '', writeA: '', readB: '' }

const day = 86_400_000
const inDays = (n: number): string => new Date(Date.now() + n * day).toISOString()

const client = (tenant: string, key: string) => partner({ origin: app.origin, tenant, key })

const made = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(201)
  return String(answer.body.id)
}

const signedOut = async (path: string) => {
  const res = await fetch(`${app.origin}${partnerBase}${path}`)
  const text = await res.text()
  let body: Record<string, unknown> = {}
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    body = { raw: text }
  }
  return { status: res.status, headers: res.headers, body }
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenantA = await createTenant({ payload, slug: 'rv-a' })
  tenantB = await createTenant({ payload, slug: 'rv-b' })
  keys.readA = await createKey({ payload, tenants: [tenantA], scope: 'read' })
  keys.writeA = await createKey({ payload, tenants: [tenantA], scope: 'write' })
  keys.readB = await createKey({ payload, tenants: [tenantB], scope: 'read' })
  app = await startApp()
}, 600_000)

afterAll(async () => {
  await app?.stop()
})

describe('what a hostile or careless reader of the website features meets', () => {
  it('a long `expand` path is refused before any lookup, without echoing it back', async () => {
    // Just under the 8,000-character query limit: one path of about 4,000 segments, each of
    // which the resolver used to try at every length.
    const long = `${'a.'.repeat(3985)}a`
    const res = await client('rv-a', keys.readA).list('events', `?expand=${long}`)
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('longer than 2 references can be')
    expect(JSON.stringify(res.body).length).toBeLessThan(2_000)
  })

  it('a keyless request learns nothing of which tenants exist (same 401)', async () => {
    const id = randomUUID()
    const known = await signedOut(`/rv-a/events/${id}`)
    const unknown = await signedOut(`/rv-no-such-tenant/events/${id}`)
    const knownFeed = await signedOut(`/rv-a/calendar.ics`)
    const unknownFeed = await signedOut(`/rv-no-such-tenant/calendar.ics`)
    expect(known.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(knownFeed.body.detail).toBe(unknownFeed.body.detail)
    expect(known.body.detail).toBe(unknown.body.detail)
  })

  it('a preview and a write key’s draft=true read with the same expand are not one cache entry', async () => {
    const writer = client('rv-a', keys.writeA)
    const event = made(
      await writer.create('events', { title: 'Published title', _status: 'published' }),
    )
    made(await writer.create('event-instances', { event, startDate: inDays(3) }))
    expect(
      (await writer.update('events', event, { title: 'Draft title', _status: 'draft' })).status,
    ).toBe(200)
    const link = await writer.call('POST', `/events/${event}/preview-links`, {})
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    const token = encodeURIComponent(String(link.body.token))
    const shape = 'expand=performances.event'
    const guestRead = () => signedOut(`/rv-a/events/${event}?preview=${token}&${shape}`)
    const keyRead = () => writer.call('GET', `/events/${event}?draft=true&${shape}`)
    const nestedTitle = (body: Record<string, unknown>) => {
      const perf = (body.performances as Record<string, unknown>[] | undefined)?.[0]
      const ev = perf?.event
      return typeof ev === 'object' && ev ? (ev as { title?: string }).title : ev
    }
    const bust = async () =>
      made(await writer.create('works', { title: `bust ${randomUUID().slice(0, 8)}` }))

    // Order 1: the guest first, then the write key.
    await bust()
    const g1 = await guestRead()
    const k1 = await keyRead()
    // Order 2: the write key first, then the guest.
    await bust()
    const k2 = await keyRead()
    const g2 = await guestRead()
    const seen = {
      guestFirst: nestedTitle(g1.body),
      keyAfterGuest: nestedTitle(k1.body),
      keyFirst: nestedTitle(k2.body),
      guestAfterKey: nestedTitle(g2.body),
      etags: [
        g1.headers.get('etag'),
        k1.headers.get('etag'),
        k2.headers.get('etag'),
        g2.headers.get('etag'),
      ],
      statuses: [g1.status, k1.status, k2.status, g2.status],
    }
    // What the code says: a preview's expansions are published; draft=true's are the latest.
    expect(seen.guestFirst).toBe('Published title')
    expect(seen.keyFirst).toBe('Draft title')
    expect(seen.keyAfterGuest, JSON.stringify(seen)).toBe('Draft title')
    expect(seen.guestAfterKey, JSON.stringify(seen)).toBe('Published title')
  }, 120_000)

  it('JSON-LD text cannot close the <script> element a website puts it in', async () => {
    const writer = client('rv-a', keys.writeA)
    const event = made(
      await writer.create('events', {
        title: 'Show </script><img src=x onerror=alert(1)>',
        _status: 'published',
      }),
    )
    made(await writer.create('event-instances', { event, startDate: inDays(5) }))
    const res = await fetch(`${app.origin}${partnerBase}/rv-a/events/${event}/jsonld`, {
      headers: { authorization: `Bearer ${keys.readA}` },
    })
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(text).not.toContain('</script>')
  })

  it('a draft title saved over a published event never reaches a read key through expand', async () => {
    const writer = client('rv-a', keys.writeA)
    const event = made(
      await writer.create('events', { title: 'Public name', _status: 'published' }),
    )
    expect(
      (await writer.update('events', event, { title: 'SECRET draft name', _status: 'draft' }))
        .status,
    ).toBe(200)
    // A performance added afterwards (or one moved): its default title is made then.
    made(await writer.create('event-instances', { event, startDate: inDays(6) }))
    const site = client('rv-a', keys.readA)
    const read = await site.call('GET', `/events/${event}?expand=performances`)
    const feed = await fetch(`${app.origin}${partnerBase}/rv-a/calendar.ics?event=${event}`, {
      headers: { authorization: `Bearer ${keys.readA}` },
    }).then((r) => r.text())
    expect(read.body.title).toBe('Public name')
    expect(JSON.stringify(read.body)).not.toContain('SECRET')
    expect(feed).not.toContain('SECRET')
    const performances = await site.list('event-instances', `?where[event][equals]=${event}`)
    expect(JSON.stringify(performances.body)).not.toContain('SECRET')
  })
})
