import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { signIn } from '../helpers/admin'
import { createTenant, createUser } from '../helpers/tenants'

let app: RunningApp
let payload: Payload
let tenant: Tenant
let other: Tenant
let key: string
let client: ReturnType<typeof partner>
let assets: http.Server
let assetHost: string
let png: Buffer

const countWorks = async (): Promise<number> =>
  (await payload.count({ collection: 'works', where: { tenant: { equals: tenant.id } } })).totalDocs

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'hostile-home' })
  other = await createTenant({ payload, slug: 'hostile-other' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  png = Buffer.from(await makeImage({ width: 1300, height: 800 }))
  // An asset server on loopback: the one private host the app is told to trust.
  assets = http.createServer((req, res) => {
    if (req.url === '/poster.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length })
      res.end(png)
    } else if (req.url?.startsWith('/to/')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice(4)) })
      res.end()
    } else if (req.url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html></html>')
    } else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((r) => assets.listen(0, '127.0.0.1', r))
  assetHost = `127.0.0.1:${(assets.address() as AddressInfo).port}`
  app = await startApp({
    env: { MEDIA_FETCH_ALLOWED_HOSTS: assetHost, PARTNER_BODY_LIMIT_BYTES: '1048576' },
  })
  client = partner({ origin: app.origin, tenant: 'hostile-home', key })
})

afterAll(async () => {
  await app?.stop()
  await new Promise((r) => assets?.close(r))
})

const expectProblem = (
  res: { status: number; headers: Headers; body: Record<string, unknown> },
  status: number,
) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  expect(res.body).toMatchObject({
    status,
    title: expect.any(String),
    type: expect.any(String),
    detail: expect.any(String),
  })
}

describe('hostile lists', () => {
  it('refuses a filter or sort on tenant, hidden or unknown fields', async () => {
    const cases = [
      `?where[tenant][equals]=${other.id}`,
      `?where[or][0][tenant][equals]=${other.id}`,
      `?where=${encodeURIComponent(JSON.stringify({ tenant: { equals: other.id } }))}`,
      '?where[hash][exists]=true',
      '?where[nope][equals]=1',
      '?where[title][raw]=1',
      '?where[title]=plain',
      '?sort=tenant',
      '?sort=-hash',
      '?sort=nope',
      '?where=%7Bnot json',
      '?depth=5',
      `?where[id][equals]=1' or 1=1--`,
    ]
    for (const query of cases) {
      const res = await client.list('works', query)
      expect(res.status, query).toBe(400)
      expectProblem(res, 400)
    }
    const deep = `?where=${encodeURIComponent(JSON.stringify({ and: [{ and: [{ and: [{ and: [{ and: [{ and: [{ title: { equals: 'x' } }] }] }] }] }] }] }))}`
    expectProblem(await client.list('works', deep), 400)
  })

  it('compares a select only whole, with one of its values, and a `like` only with words', async () => {
    // Each was a 500: PostgreSQL has neither a bogus enum value nor ILIKE on an enum.
    for (const [kind, query] of [
      ['event-instances', '?where[ticketingSystem][equals]=bogus'],
      ['event-instances', '?where[ticketingSystem][in]=spektrix,bogus'],
      ['event-instances', '?where[ticketingSystem][like]=sp'],
      ['events', '?where[_status][equals]=bogus'],
      ['pages', '?where[_status][equals]=nope'],
      ['pages', '?where[title][like]=null'],
      ['media', '?where[alt][contains]=null'],
      ['works', '?where[title][like]=null'],
    ] as const) {
      const res = await client.list(kind, query)
      expect(res.status, `${kind}${query}`).toBe(400)
      expectProblem(res, 400)
    }
    for (const [kind, query] of [
      ['event-instances', '?where[ticketingSystem][equals]=spektrix'],
      ['event-instances', '?where[ticketingSystem][exists]=false'],
      ['events', '?where[_status][in]=draft,published'],
    ] as const) {
      expect((await client.list(kind, query)).status, `${kind}${query}`).toBe(200)
    }
  })

  it('refuses limit 0, -1, 1000 and non-numbers, and bad pages', async () => {
    for (const query of [
      '?limit=0',
      '?limit=-1',
      '?limit=1000',
      '?limit=ten',
      '?page=0',
      '?page=-2',
      '?page=1.5',
    ]) {
      const res = await client.list('works', query)
      expectProblem(res, 400)
      expect((res.body.errors as { field: string }[])[0]?.field).toMatch(/limit|page/)
    }
  })

  it('answers a NUL byte anywhere in a query or a body with a 400, on every path', async () => {
    // PostgreSQL text cannot hold one: it reached the database and came back a 500.
    const wrong: string[] = []
    for (const query of [
      '?search=%00',
      '?search=storm%00',
      '?where[title][equals]=%00',
      '?where[title][like]=a%00b',
      '?where[title][in]=a,%00',
      '?sort=title%00',
    ]) {
      const res = await client.list('works', query)
      if (res.status !== 400) wrong.push(`${query} → ${res.status}`)
      else expect(res.headers.get('content-type'), query).toContain('application/problem+json')
    }
    const before = (
      await payload.count({ collection: 'works', where: { tenant: { equals: tenant.id } } })
    ).totalDocs
    for (const body of [{ title: 'a\u0000b' }, { title: 'ok', slug: '\u0000' }]) {
      const res = await client.create('works', body)
      if (res.status !== 400) wrong.push(`${JSON.stringify(body)} → ${res.status}`)
    }
    // The same through Payload's own REST and GraphQL, as the tenant's editor.
    await createUser({
      payload,
      email: 'hostile-nul@example.com',
      tenants: [{ tenant, roles: ['editor'] }],
    })
    const editor = await signIn({
      origin: app.origin,
      email: 'hostile-nul@example.com',
      password: 'test-password-123',
    })
    for (const path of [
      '/api/works?where[title][equals]=%00',
      '/api/works?where[title][like]=a%00b',
      '/api/works?where[or][0][title][in]=a,%00',
    ]) {
      const res = await editor.get(path)
      if (res.status !== 400) wrong.push(`GET ${path} → ${res.status}`)
    }
    const rest = await editor.post('/api/works', { tenant: tenant.id, title: 'a\u0000b' })
    if (rest.status !== 400) wrong.push(`POST /api/works → ${rest.status}`)
    const graph = await editor.graphql(
      'mutation ($t: String!) { createWork(data: { title: $t }) { id } }',
      { t: 'a\u0000b' },
    )
    if (!JSON.stringify(graph.body).includes('NUL'))
      wrong.push(`GraphQL → ${JSON.stringify(graph.body)}`)
    expect(wrong).toEqual([])
    expect(
      (await payload.count({ collection: 'works', where: { tenant: { equals: tenant.id } } }))
        .totalDocs,
    ).toBe(before)
  })

  it('filters and sorts on declared fields, in bracket notation or JSON', async () => {
    for (const title of ['Zeta', 'Alpha', 'Mu'])
      expect((await client.create('works', { title })).status).toBe(201)
    const sorted = await client.list('works', '?sort=title&where[title][in]=Zeta,Alpha,Mu')
    expect(sorted.body.docs?.map((d) => d.title)).toEqual(['Alpha', 'Mu', 'Zeta'])
    const json = await client.list(
      'works',
      `?where=${encodeURIComponent(JSON.stringify({ title: { like: 'et' } }))}`,
    )
    expect(json.body.docs?.map((d) => d.title)).toEqual(['Zeta'])
  })
})

describe('hostile writes', () => {
  it('names wrong types and unknown fields, and writes nothing', async () => {
    const before = await countWorks()
    const res = await client.create('works', {
      title: 42,
      slugLock: 'yes',
      image: 'not-a-uuid',
      colour: 'red',
      venue: {},
    })
    expectProblem(res, 400)
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field).sort()
    expect(fields).toEqual(['colour', 'image', 'slugLock', 'title', 'venue'])
    expect(await countWorks()).toBe(before)
    expectProblem(await client.create('works', {}), 400)
    expectProblem(
      await client.create('event-instances', {
        event: '00000000-0000-4000-8000-000000000000',
        startDate: 'tomorrow',
      }),
      400,
    )
  })

  it('answers malformed JSON 400, a wrong content type 415 and a 5 MB body 413', async () => {
    expectProblem(
      await client.call('POST', '/works', '{"title": "broken', {
        'content-type': 'application/json',
      }),
      400,
    )
    expectProblem(
      await client.call('POST', '/works', '[1,2]', { 'content-type': 'application/json' }),
      400,
    )
    expectProblem(
      await client.call('POST', '/works', 'title=x', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
    )
    expectProblem(await client.create('works', { title: 'x'.repeat(5 * 1024 * 1024) }), 413)
  })

  it('keeps tenant, timestamps and ids in the server’s hands', async () => {
    const res = await client.create('works', {
      title: 'Mine',
      tenant: other.id,
      createdAt: '2000-01-01T00:00:00.000Z',
    })
    expect(res.status).toBe(201)
    expect(res.body.tenant).toBe(tenant.id)
    expect(res.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z')
    const id = String(res.body.id)
    expectProblem(
      await client.update('works', id, { id: '00000000-0000-4000-8000-000000000000', title: 'x' }),
      400,
    )
    // Same id again: a retried create conflicts instead of duplicating.
    const own = '11111111-1111-4111-8111-111111111111'
    expect((await client.create('works', { id: own, title: 'With my id' })).body.id).toBe(own)
    expectProblem(await client.create('works', { id: own, title: 'With my id again' }), 409)
    // Same slug in the same tenant: a conflict too.
    expectProblem(await client.create('works', { title: 'With my id' }), 409)
  })

  it('rejects references to another tenant’s records and leaves nothing behind', async () => {
    const foreign = await payload.create({
      collection: 'works',
      data: { tenant: other.id, title: 'Foreign' },
    })
    const before = (
      await payload.count({ collection: 'events', where: { tenant: { equals: tenant.id } } })
    ).totalDocs
    const res = await client.create('events', { title: 'Pointing away', work: foreign.id })
    expectProblem(res, 400)
    expect((res.body.errors as { field: string }[])[0]?.field).toBe('work')
    expect(
      (await payload.count({ collection: 'events', where: { tenant: { equals: tenant.id } } }))
        .totalDocs,
    ).toBe(before)
    const redirect = await client.create('redirects', {
      from: '/away',
      to: { type: 'reference', reference: foreign.id },
    })
    expectProblem(redirect, 400)
  })

  it('moves events through draft and published', async () => {
    const draft = await client.create('events', { title: 'Opening night' })
    expect(draft.body._status).toBe('draft')
    expect(draft.body.publishedAt).toBeNull()
    const published = await client.update('events', String(draft.body.id), { _status: 'published' })
    expect(published.body._status).toBe('published')
    expect(published.body.publishedAt).toMatch(/^\d{4}-/)
    expectProblem(
      await client.update('events', String(draft.body.id), { _status: 'archived' }),
      400,
    )
  })

  it('resolves a redirect reference by id and answers it as an id', async () => {
    const page = await client.create('pages', { title: 'Target page' })
    const res = await client.create('redirects', {
      from: '/Old-Page/',
      to: { type: 'reference', reference: page.body.id },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({
      from: '/old-page',
      to: { type: 'reference', reference: page.body.id, url: null },
    })
  })
})

describe('media', () => {
  it('takes a multipart upload and answers the sizes', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'upload.png')
    form.append('alt', 'Uploaded')
    const res = await client.create('media', form)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({
      alt: 'Uploaded',
      mimeType: 'image/png',
      width: 1300,
      height: 800,
      sizes: { thumbnail: { width: 400, height: 300 }, opengraph: { width: 1200, height: 630 } },
    })
    // Public by its server-made name: a website shows it with no credentials.
    const file = await fetch(`${app.origin}${String(res.body.url)}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)
  })

  it('fetches a remote src from a trusted host and refuses private, loopback and link-local ones', async () => {
    const ok = await client.create('media', {
      src: `http://${assetHost}/poster.png`,
      alt: 'Fetched',
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body).toMatchObject({ width: 1300, sizes: { opengraph: { width: 1200 } } })

    const before = (
      await payload.count({ collection: 'media', where: { tenant: { equals: tenant.id } } })
    ).totalDocs
    const refused = [
      'http://127.0.0.1/poster.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/x.png',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://localhost/x.png',
      'file:///etc/passwd',
      'ftp://example.org/x.png',
      `http://${assetHost}/to/${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      `http://${assetHost}/to/${encodeURIComponent('http://127.0.0.1:1/x.png')}`,
      `http://${assetHost}/to/${encodeURIComponent('http://[::1]/x.png')}`,
      `http://${assetHost}/page.html`,
    ]
    for (const src of refused) {
      const res = await client.create('media', { src })
      expect(res.status, `${src}: ${JSON.stringify(res.body)}`).toBe(400)
      expect((res.body.errors as { field: string }[])[0]?.field).toBe('src')
    }
    expect(
      (await payload.count({ collection: 'media', where: { tenant: { equals: tenant.id } } }))
        .totalDocs,
    ).toBe(before)
  })
})

describe('protocol', () => {
  it('answers CORS preflights and unknown routes and methods with problems', async () => {
    const pre = await fetch(`${app.origin}${partnerBase}/hostile-home/works`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
    const res = await client.list('works')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expectProblem(await client.call('GET', '/nothing-here'), 404)
    expectProblem(await client.call('PUT', '/works'), 405)
  })
})

describe('hostile requests at the socket', () => {
  /** A raw request, so headers fetch() would never send can be sent. */
  const raw = (request: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const { hostname, port } = new URL(app.origin)
      // Written, not ended: `Connection: close` has the server close it after the answer.
      const socket = net.connect(Number(port), hostname, () => socket.write(request))
      let answer = ''
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
      socket.on('end', () => resolve(answer))
      socket.on('error', reject)
    })

  it('ignores a Host header that makes no URL, and decodes no path into another tenant', async () => {
    const weird = await raw(
      `GET ${partnerBase}/hostile-home/works HTTP/1.1\r\nHost: a b/?#\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
    )
    expect(weird.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 (200|400) /)
    // An encoded slash or dot-segments reach no route: the path stays what it says.
    await payload.create({
      collection: 'works',
      data: { tenant: other.id, title: 'hostile-other-secret' },
    })
    for (const path of [
      `${partnerBase}/hostile-home%2F..%2Fhostile-other/works`,
      `${partnerBase}/hostile-home/works/..%2F..%2Fhostile-other%2Fworks`,
    ]) {
      const answer = await raw(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
      )
      expect(answer.split('\r\n')[0], path).toMatch(/^HTTP\/1\.1 (400|403|404) /)
      expect(answer).not.toMatch(/hostile-other-secret/)
    }
  })

  it('answers what the HTTP parser refuses with problems, not bare status lines', async () => {
    const problemOf = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      expect(head).toMatch(/content-type: application\/problem\+json/i)
      return JSON.parse(body) as { status: number; title: string; detail: string }
    }
    const longUrl = await raw(
      `GET ${partnerBase}/hostile-home/works?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    )
    expect(longUrl.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 414 /)
    expect(problemOf(longUrl).status).toBe(414)
    const longHeader = await raw(
      `GET ${partnerBase}/hostile-home/works HTTP/1.1\r\nHost: localhost\r\nx-filler: ${'b'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    )
    expect(longHeader.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 431 /)
    expect(problemOf(longHeader).status).toBe(431)
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n')
    expect(garbage.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 400 /)
    expect(problemOf(garbage).detail).toMatch(/not valid HTTP/)
    // The server goes on answering.
    const after = await raw(
      `GET ${partnerBase}/hostile-home/works HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
    )
    expect(after.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 200 /)
  })
})
