import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Media files are public by their names, which the server makes at random: a website with a
 * read key shows the pictures its answers name, with no credentials, cached for good.
 */
let app: RunningApp
let payload: Payload
let tenant: Tenant
let writer: ReturnType<typeof partner>
let reader: ReturnType<typeof partner>
let editor: AdminClient
let png: Buffer

const mediaDir = (): string => path.join(process.env.CMS_DATA_DIR ?? '', 'media')
const stored = (name: string): Buffer => fs.readFileSync(path.join(mediaDir(), name))

const form = (file: Buffer, name: string, type = 'image/png'): FormData => {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(file)], { type }), name)
  body.append('alt', name)
  return body
}

type MediaAnswer = {
  id: string
  filename: string
  url: string
  thumbnailURL: string | null
  src: string
  src_opengraph: string | null
  sizes: Record<string, { url: string | null; filename: string | null }>
}

const upload = async (file: Buffer, name: string, type?: string): Promise<MediaAnswer> => {
  const res = await writer.create('media', form(file, name, type))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const read = await reader.get('media', String(res.body.id))
  expect(read.status).toBe(200)
  return read.body as unknown as MediaAnswer
}

/** Every file address an answer gives, relative ones and absolute ones alike. */
const addressesOf = (doc: MediaAnswer): string[] =>
  [
    doc.url,
    doc.thumbnailURL,
    doc.src,
    doc.src_opengraph,
    ...Object.values(doc.sizes).map((size) => size.url),
  ].filter((url): url is string => Boolean(url))

/** The app's own origin for an address: absolute ones name SERVER_URL, which is not this port. */
const onApp = (address: string): string => {
  const url = new URL(address, app.origin)
  return `${app.origin}${url.pathname}${url.search}`
}

const nameOf = (address: string): string => new URL(address, app.origin).pathname.split('/').pop()!

/** A request exactly as written: fetch would resolve dot segments before sending. */
const raw = (
  rawPath: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(app.origin)
    const req = http.request(
      { host: hostname, port, path: rawPath, method, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })

/** A reader that takes the first bytes of a file and then stops reading; `drop` hangs up. */
const stalledReader = (rawPath: string): Promise<{ drop: () => void }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(app.origin)
    const req = http.get({ host: hostname, port, path: rawPath, agent: false }, (res) => {
      res.once('data', () => {
        res.pause()
        resolve({ drop: () => req.destroy() })
      })
    })
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)))
  })

/** The media files the app's process holds open (Linux). */
const openMediaFiles = (): string[] => {
  const fds = `/proc/${app.child.pid}/fd`
  const folder = fs.realpathSync(mediaDir())
  return fs
    .readdirSync(fds)
    .map((fd) => {
      try {
        return fs.readlinkSync(path.join(fds, fd))
      } catch {
        return ''
      }
    })
    .filter((target) => target.startsWith(folder))
}

const expectProblem = async (res: Response, status: number): Promise<void> => {
  expect(res.status, res.url).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  expect(((await res.json()) as { status: number }).status).toBe(status)
}

const expectFile = async ({
  res,
  type,
  bytes,
}: {
  res: Response
  type: string
  bytes: Buffer
}): Promise<void> => {
  expect(res.status, res.url).toBe(200)
  expect(res.headers.get('content-type')).toBe(type)
  expect(res.headers.get('content-length')).toBe(String(bytes.length))
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/)
  expect(Date.parse(res.headers.get('last-modified') ?? '')).toBeGreaterThan(0)
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  expect(res.headers.get('set-cookie')).toBeNull()
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes), res.url).toBe(true)
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'media-files' })
  const writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })
  const readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
  png = Buffer.from(await makeImage({ width: 1300, height: 800, label: 'Files' }))
  await createUser({
    payload,
    email: 'media-files-editor@example.com',
    password: 'media-files-password-1',
    tenants: [{ tenant, roles: ['editor'] }],
  })
  app = await startApp()
  writer = partner({ origin: app.origin, tenant: 'media-files', key: writeKey })
  reader = partner({ origin: app.origin, tenant: 'media-files', key: readKey })
  editor = await signIn({
    origin: app.origin,
    email: 'media-files-editor@example.com',
    password: 'media-files-password-1',
  })
})

afterAll(async () => {
  await app?.stop()
})

describe('a picture a partner uploaded', () => {
  it('is served to anyone at every address the API gives, cached for good', async () => {
    const doc = await upload(png, 'poster.png')
    const addresses = addressesOf(doc)
    // url, thumbnailURL, src, src_opengraph and both sizes.
    expect(addresses.length).toBe(6)
    expect(doc.src.endsWith(doc.url)).toBe(true)
    expect(doc.thumbnailURL).toBe(doc.sizes.thumbnail?.url)
    expect(doc.src_opengraph?.endsWith(doc.sizes.opengraph?.url ?? '-')).toBe(true)
    // The original is the bytes sent; each size is what is stored under its name.
    expect(stored(doc.filename).equals(png)).toBe(true)
    for (const address of addresses) {
      const res = await fetch(onApp(address))
      await expectFile({ res, type: 'image/png', bytes: stored(nameOf(address)) })
    }
    const thumbnail = await fetch(onApp(doc.thumbnailURL ?? ''))
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([400, 300])
  })

  it('answers a tag it sent with a 304 and no body, and HEAD with the length alone', async () => {
    const doc = await upload(png, 'tagged.png')
    const first = await fetch(onApp(doc.url))
    const etag = first.headers.get('etag') ?? ''
    await first.arrayBuffer()
    for (const tag of [etag, `W/${etag}`, `"stale", ${etag}`]) {
      const again = await fetch(onApp(doc.url), { headers: { 'if-none-match': tag } })
      expect(again.status, tag).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await again.arrayBuffer()).byteLength).toBe(0)
    }
    const other = await fetch(onApp(doc.url), { headers: { 'if-none-match': '"stale"' } })
    await expectFile({ res: other, type: 'image/png', bytes: png })
    const head = await fetch(onApp(doc.url), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(png.length))
    expect(head.headers.get('etag')).toBe(etag)
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it("is answered the same when Next's router serves it", async () => {
    const doc = await upload(png, 'routed.png')
    // A path the direct route leaves to Next, which resolves the dot segment to the same name.
    const routed = await raw(`/api/media/file/./${doc.filename}`)
    const direct = await fetch(onApp(doc.url))
    expect(routed.status).toBe(200)
    // Next sends a route's body chunked, without its length; the rest is the route's own.
    for (const header of ['content-type', 'etag', 'cache-control', 'content-security-policy'])
      expect(routed.headers[header], header).toBe(direct.headers.get(header))
    expect(routed.body.equals(png)).toBe(true)
    const head = await raw(`/api/media/file/./${doc.filename}`, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.etag).toBe(direct.headers.get('etag'))
    expect(head.body.length).toBe(0)
  })

  it('is stored under the extension of what it is, not of what it was called', async () => {
    const doc = await upload(png, 'image.aspx')
    expect(doc.filename).toMatch(/^[0-9a-f-]{36}\.png$/)
    await expectFile({ res: await fetch(onApp(doc.url)), type: 'image/png', bytes: png })
  })

  it('is a 404 once its record is deleted, every size with it', async () => {
    const doc = await upload(png, 'deleted.png')
    expect((await fetch(onApp(doc.url))).status).toBe(200)
    expect((await writer.remove('media', doc.id)).status).toBe(204)
    for (const address of addressesOf(doc)) await expectProblem(await fetch(onApp(address)), 404)
  })
})

describe('a document', () => {
  it('is served as a PDF, streamed whole however large', async () => {
    // A valid PDF padded with a comment to more than the socket buffers on both ends take.
    const pdf = Buffer.from(
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
        `%${'x'.repeat(20_000_000)}`,
        'xref',
        '0 3',
        'trailer << /Size 3 /Root 1 0 R >>',
        'startxref',
        '0',
        '%%EOF',
      ].join('\n'),
    )
    const doc = await upload(pdf, 'programme.PDF', 'application/pdf')
    expect(doc.filename).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(doc.thumbnailURL).toBeNull()
    await expectFile({ res: await fetch(onApp(doc.url)), type: 'application/pdf', bytes: pdf })
    await expectFile({ res: await fetch(onApp(doc.src)), type: 'application/pdf', bytes: pdf })

    // The file is read as it is sent: readers that stop hold it open, and hanging up closes it.
    const readers = await Promise.all(
      Array.from({ length: 3 }, () => stalledReader(new URL(doc.url, app.origin).pathname)),
    )
    if (fs.existsSync(`/proc/${app.child.pid}/fd`)) {
      expect(openMediaFiles().length).toBe(3)
      for (const reader of readers) reader.drop()
      await waitUntil({
        what: 'the server to close the files of abandoned reads',
        timeoutMs: 10_000,
        check: async () => openMediaFiles().length === 0,
      })
    } else {
      for (const reader of readers) reader.drop()
    }
    await expectFile({ res: await fetch(onApp(doc.url)), type: 'application/pdf', bytes: pdf })
  })
})

describe('an edit of the picture in the admin', () => {
  it('gets new names, and the old ones are gone, so no cache keeps the old picture', async () => {
    const before = await upload(png, 'crop-me.png')
    const query =
      'uploadEdits[crop][x]=10&uploadEdits[crop][y]=10&uploadEdits[crop][width]=50' +
      '&uploadEdits[crop][height]=50&uploadEdits[widthInPixels]=650&uploadEdits[heightInPixels]=400'
    const cropped = await editor.patch(`/api/media/${before.id}?${query}`, { alt: 'Cropped' })
    expect(cropped.status, JSON.stringify(cropped.body)).toBe(200)
    const after = (await reader.get('media', before.id)).body as unknown as MediaAnswer
    expect(after.filename).not.toBe(before.filename)
    expect(after.filename).toMatch(/^[0-9a-f-]{36}\.png$/)
    const picture = await fetch(onApp(after.url))
    expect(picture.status).toBe(200)
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([650, 400])
    for (const address of addressesOf(after)) expect((await fetch(onApp(address))).status).toBe(200)
    for (const address of addressesOf(before)) await expectProblem(await fetch(onApp(address)), 404)
    expect(fs.readdirSync(mediaDir()).filter((n) => n.startsWith('.kept-'))).toEqual([])

    const focal = 'uploadEdits[focalPoint][x]=20&uploadEdits[focalPoint][y]=30'
    const moved = await editor.patch(`/api/media/${before.id}?${focal}`, { focalX: 20, focalY: 30 })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const refocused = (await reader.get('media', before.id)).body as unknown as MediaAnswer
    expect(refocused.thumbnailURL).not.toBe(after.thumbnailURL)
    expect((await fetch(onApp(refocused.thumbnailURL ?? ''))).status).toBe(200)
    await expectProblem(await fetch(onApp(after.thumbnailURL ?? '')), 404)
  })

  it("a duplicate's files are served under their own names", async () => {
    const original = await upload(png, 'twin.png')
    const copy = await editor.post(`/api/media/${original.id}/duplicate`, {})
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    const id = String((copy.body.doc as { id: string }).id)
    const doc = (await reader.get('media', id)).body as unknown as MediaAnswer
    expect(doc.filename).not.toBe(original.filename)
    for (const address of addressesOf(doc)) {
      const res = await fetch(onApp(address))
      await expectFile({ res, type: 'image/png', bytes: stored(nameOf(address)) })
    }
    for (const address of addressesOf(original))
      expect((await fetch(onApp(address))).status).toBe(200)
  })
})

describe('names the server did not make', () => {
  it('are 404 problems: guessed names, dot files, paths out of the folder', async () => {
    const doc = await upload(png, 'neighbour.png')
    const kept = `.kept-${randomUUID()}`
    fs.writeFileSync(path.join(mediaDir(), kept), png)
    try {
      for (const name of [
        `${randomUUID()}.png`,
        `${randomUUID()}-400x300.png`,
        `${doc.filename.replace(/\.png$/, '.jpg')}`,
        kept,
        `%2E${kept.slice(1)}`,
        `..%2F${doc.filename}`,
        `%2e%2e%2fmedia%2f${doc.filename}`,
        `%2e%2e%2f%2e%2e%2fpackage.json`,
        `x%2F..%2F${doc.filename}`,
        `${doc.filename}%00`,
        `${doc.filename}%2F`,
      ]) {
        const res = await raw(`/api/media/file/${name}`)
        expect(res.status, name).toBe(404)
        expect(res.headers['content-type'], name).toBe('application/problem+json')
        expect(JSON.parse(res.body.toString()).status, name).toBe(404)
      }
      // Dot segments that stay in the folder reach the route, and the name it gets is refused.
      for (const rawPath of [
        `/api/media/file/x/../${kept}`,
        `/api/media/file/%2e/${kept}`,
        `/api/media/file/./${kept}`,
      ]) {
        const res = await raw(rawPath)
        expect(res.status, rawPath).toBe(404)
        expect(res.headers['content-type'], rawPath).toBe('application/problem+json')
      }
      // Ones that leave it reach no file at all.
      for (const rawPath of [
        '/api/media/file/../../../package.json',
        `/api/media/file/../${doc.filename}`,
        '/api/media/file/',
        '/api/media/file',
      ]) {
        const res = await raw(rawPath)
        expect(res.status, rawPath).not.toBe(200)
        expect(res.body.toString(), rawPath).not.toContain(doc.filename)
        expect(res.body.toString(), rawPath).not.toContain('"arts-cms"')
      }
    } finally {
      fs.rmSync(path.join(mediaDir(), kept), { force: true })
    }
  })

  it('are the same 404 for HEAD, and writes are a 405 problem naming the methods', async () => {
    const doc = await upload(png, 'written.png')
    const head = await fetch(`${app.origin}/api/media/file/${randomUUID()}.png`, { method: 'HEAD' })
    expect(head.status).toBe(404)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(onApp(doc.url), { method, body: method === 'DELETE' ? null : 'x' })
      expect(res.headers.get('allow'), method).toBe('GET, HEAD, OPTIONS')
      await expectProblem(res, 405)
    }
    await expectFile({ res: await fetch(onApp(doc.url)), type: 'image/png', bytes: png })
  })
})
