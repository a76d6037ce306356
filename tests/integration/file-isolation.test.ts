import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Media, Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { signIn } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Files on disk across tenants: one store, so every name must be the server's and every
 * failure must take its files with it.
 */
let app: RunningApp
let payload: Payload
let alpha: Tenant
let beta: Tenant
let alphaKey: string
let betaKey: string
let png: Buffer

const mediaDir = (): string => path.join(process.env.CMS_DATA_DIR ?? '', 'media')
const filesOnDisk = (): string[] => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()) : [])
const read = (name: string): Buffer => fs.readFileSync(path.join(mediaDir(), name))

const form = (file: Buffer, name: string, fields: Record<string, string> = {}): FormData => {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name)
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return body
}

const stored = (id: string): Promise<Media> =>
  payload.findByID({ collection: 'media', id, depth: 0 })

const namesOf = (doc: Media): string[] =>
  [doc.filename, doc.sizes?.thumbnail?.filename, doc.sizes?.opengraph?.filename].filter(
    (n): n is string => Boolean(n),
  )

beforeAll(async () => {
  payload = await getTestPayload()
  alpha = await createTenant({ payload, slug: 'files-alpha' })
  beta = await createTenant({ payload, slug: 'files-beta' })
  alphaKey = await createKey({ payload, tenants: [alpha], scope: 'write' })
  betaKey = await createKey({ payload, tenants: [beta], scope: 'write' })
  png = Buffer.from(await makeImage({ width: 1300, height: 800 }))
  app = await startApp({ env: { IMAGE_MAX_PIXELS: '40000000' } })
})

afterAll(async () => {
  await app?.stop()
})

describe('file names', () => {
  it("one tenant's upload never replaces, reads or deletes another tenant's files", async () => {
    const betaClient = partner({ origin: app.origin, tenant: 'files-beta', key: betaKey })
    const alphaClient = partner({ origin: app.origin, tenant: 'files-alpha', key: alphaKey })
    const betaRes = await betaClient.create('media', form(png, 'poster.png', { alt: 'B poster' }))
    expect(betaRes.status).toBe(201)
    const betaDoc = await stored(String(betaRes.body.id))
    const betaBytes = new Map(namesOf(betaDoc).map((n) => [n, read(n)]))
    expect(betaBytes.size).toBe(3)

    // Same name, other case, other picture: today's collision on "poster-400x300.png".
    const other = Buffer.from(
      await makeImage({ width: 1300, height: 800, colour: '#1f7a3d', label: 'A' }),
    )
    const alphaRes = await alphaClient.create(
      'media',
      form(other, 'poster.PNG', { alt: 'A poster' }),
    )
    expect(alphaRes.status).toBe(201)
    const alphaDoc = await stored(String(alphaRes.body.id))
    for (const name of namesOf(alphaDoc)) expect(betaBytes.has(name)).toBe(false)
    for (const [name, bytes] of betaBytes) expect(read(name).equals(bytes)).toBe(true)

    // The stored name is the server's and says nothing of the client's or the tenant's.
    expect(alphaDoc.filename).toMatch(/^[0-9a-f-]{36}\.png$/)
    expect(alphaDoc.originalFilename).toBe('poster.PNG')
    expect(betaDoc.originalFilename).toBe('poster.png')

    // Deleting A's record deletes A's files alone.
    expect((await alphaClient.remove('media', alphaDoc.id)).status).toBe(204)
    for (const name of namesOf(alphaDoc)) expect(filesOnDisk()).not.toContain(name)
    for (const [name, bytes] of betaBytes) expect(read(name).equals(bytes)).toBe(true)
  })

  it("a name chosen to match another record's size file changes nothing of it", async () => {
    const betaClient = partner({ origin: app.origin, tenant: 'files-beta', key: betaKey })
    const alphaClient = partner({ origin: app.origin, tenant: 'files-alpha', key: alphaKey })
    const betaDoc = await stored(
      String((await betaClient.create('media', form(png, 'season.png'))).body.id),
    )
    const thumb = betaDoc.sizes?.thumbnail?.filename ?? ''
    const before = read(thumb)
    const res = await alphaClient.create('media', form(png, thumb))
    expect(res.status).toBe(201)
    expect(read(thumb).equals(before)).toBe(true)
    const mine = await stored(String(res.body.id))
    expect(namesOf(mine)).not.toContain(thumb)
    // Files are public by their server-made names: the name the client chose gets it nothing of
    // its own, and the file of that name is still the other tenant's picture, signed in or not.
    const admin = await signIn({
      origin: app.origin,
      email: (
        await createUser({
          payload,
          email: 'files-alpha-editor@example.com',
          password: 'files-password-1',
          tenants: [{ tenant: alpha, roles: ['editor'] }],
        })
      ).email,
      password: 'files-password-1',
    })
    expect(mine.url).not.toContain(thumb)
    const signedIn: Record<string, string> = { authorization: `JWT ${admin.token}` }
    for (const headers of [{}, signedIn]) {
      const foreign = await fetch(`${app.origin}/api/media/file/${encodeURIComponent(thumb)}`, {
        headers,
      })
      expect(foreign.status).toBe(200)
      expect(Buffer.from(await foreign.arrayBuffer()).equals(before)).toBe(true)
    }
  })
})

describe('failed writes', () => {
  it('a create that fails in the database leaves no file behind', async () => {
    const client = partner({ origin: app.origin, tenant: 'files-alpha', key: alphaKey })
    const id = crypto.randomUUID()
    expect((await client.create('media', form(png, 'first.png', { id }))).status).toBe(201)
    const before = filesOnDisk().sort()
    // Payload's own REST with the same id: the files are written, then the insert fails.
    const editor = await signIn({
      origin: app.origin,
      email: 'files-alpha-editor@example.com',
      password: 'files-password-1',
    })
    const body = form(png, 'second.png')
    body.append('_payload', JSON.stringify({ id, tenant: alpha.id, alt: 'again' }))
    const again = await fetch(`${app.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${editor.token}` },
      body,
    })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(filesOnDisk().sort()).toEqual(before)
  })
})

describe('failed updates', () => {
  it('an update with a new file that fails keeps the record’s current files', async () => {
    const client = partner({ origin: app.origin, tenant: 'files-alpha', key: alphaKey })
    const created = await client.create('media', form(png, 'keep.png'))
    expect(created.status).toBe(201)
    const doc = await stored(String(created.body.id))
    const bytes = new Map(namesOf(doc).map((n) => [n, read(n)]))
    const foreignFolder = await payload.create({
      collection: 'folders',
      data: { tenant: beta.id, name: 'Beta folder' },
    })
    const editor = await signIn({
      origin: app.origin,
      email: 'files-alpha-editor@example.com',
      password: 'files-password-1',
    })
    const body = form(
      Buffer.from(await makeImage({ width: 900, height: 600, label: 'new' })),
      'new.png',
    )
    body.append('_payload', JSON.stringify({ folder: foreignFolder.id }))
    const res = await fetch(`${app.origin}/api/media/${doc.id}`, {
      method: 'PATCH',
      headers: { authorization: `JWT ${editor.token}` },
      body,
    })
    expect(res.status).toBe(400)
    const after = await stored(doc.id)
    expect(after.filename).toBe(doc.filename)
    for (const [name, content] of bytes) expect(read(name).equals(content), name).toBe(true)
    expect(filesOnDisk().filter((n) => n.startsWith('.kept-'))).toEqual([])
  })
})

describe('image bombs', () => {
  it('an image over the pixel limit is refused before it is decoded, and nothing is stored', async () => {
    // 8000 × 6000 = 48 megapixels in a few kilobytes.
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(2_000_000)
    const before = filesOnDisk().sort()
    const count = (await payload.count({ collection: 'media' })).totalDocs
    const res = await partner({ origin: app.origin, tenant: 'files-alpha', key: alphaKey }).create(
      'media',
      form(bomb, 'bomb.png'),
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(String(res.body.detail)).toMatch(/pixels/)
    // The same bytes claiming to be a PDF are judged by what they are.
    const disguised = new FormData()
    disguised.append(
      'file',
      new Blob([new Uint8Array(bomb)], { type: 'application/pdf' }),
      'bomb.pdf',
    )
    const claimed = await partner({
      origin: app.origin,
      tenant: 'files-alpha',
      key: alphaKey,
    }).create('media', disguised)
    expect(claimed.status).toBe(400)
    expect(String(claimed.body.detail)).toMatch(/pixels/)

    const body = form(bomb, 'bomb.png')
    body.append('_payload', JSON.stringify({ tenant: alpha.id, alt: 'bomb' }))
    const editor = await signIn({
      origin: app.origin,
      email: 'files-alpha-editor@example.com',
      password: 'files-password-1',
    })
    const rest = await fetch(`${app.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${editor.token}` },
      body,
    })
    expect(rest.status).toBe(400)
    expect(filesOnDisk().sort()).toEqual(before)
    expect((await payload.count({ collection: 'media' })).totalDocs).toBe(count)
  })

  it("Payload's own fetch of a `url` in the body is refused", async () => {
    const editor = await signIn({
      origin: app.origin,
      email: 'files-alpha-editor@example.com',
      password: 'files-password-1',
    })
    const res = await editor.post('/api/media', {
      tenant: alpha.id,
      alt: 'remote',
      filename: 'remote.png',
      url: 'http://127.0.0.1:9/remote.png',
    })
    expect(res.status).toBe(400)
  })
})
