import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net, { type AddressInfo, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { configOptions } from '@payload-config'
import { buildConfig, getPayload, type Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Media, Tenant } from '../../src/payload-types'
import { removalTask } from '../../src/plugins/mediaStorage'
import { makeImage } from '../../src/seed/images'
import { signIn, type AdminClient } from '../helpers/admin'
import { freshDatabase, projectRoot, startApp, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startS3Server, type S3Server } from '../helpers/s3Server'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Media in an S3-compatible bucket (s3rver on loopback), through Payload's own S3 adapter: the
 * production app with S3_* set, and Payload in this process on the same bucket. Every rule of
 * files on disk holds in the bucket: server-made names under the tenant's prefix, nothing left
 * by a write that does not commit, old files kept until a replace commits, 503 when the store
 * is away.
 */
let s3: S3Server
let app: RunningApp
let payload: Payload
let alpha: Tenant
let beta: Tenant
let alphaWriter: ReturnType<typeof partner>
let betaWriter: ReturnType<typeof partner>
let alphaEditor: AdminClient
let png: Buffer

const form = (file: Buffer, name: string, fields: Record<string, string> = {}): FormData => {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name)
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return body
}

const picture = async (label: string): Promise<Buffer> =>
  Buffer.from(await makeImage({ width: 1300, height: 800, label }))

const stored = (id: string): Promise<Media> =>
  payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true })

const namesOf = (doc: Media): string[] =>
  [doc.filename, doc.sizes?.thumbnail?.filename, doc.sizes?.opengraph?.filename].filter(
    (n): n is string => Boolean(n),
  )

const keysOf = (doc: Media): string[] =>
  namesOf(doc)
    .map((n) => `${doc.prefix}/${n}`)
    .sort()

const objectBytes = async (key: string): Promise<Buffer> => {
  const object = await s3.client.getObject({ Bucket: s3.bucket, Key: key })
  return Buffer.from(await object.Body!.transformToByteArray())
}

const mediaRows = async (): Promise<number> =>
  (await payload.count({ collection: 'media', overrideAccess: true })).totalDocs

const localMedia = (): string[] => {
  const dir = path.join(process.env.CMS_DATA_DIR ?? '', 'media')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

const expectProblem = async (res: Response, status: number): Promise<void> => {
  expect(res.status, res.url).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  expect(((await res.json()) as { status: number }).status).toBe(status)
}

beforeAll(async () => {
  s3 = await startS3Server()
  // The run's schema and first user, then Payload in this process on the same bucket as the
  // app: a configuration built again now that the S3 settings are in the environment.
  await getTestPayload()
  Object.assign(process.env, s3.env)
  payload = await getPayload({ config: buildConfig({ ...configOptions }), key: 'media-s3' })
  alpha = await createTenant({ payload, slug: 's3-alpha' })
  beta = await createTenant({ payload, slug: 's3-beta' })
  await createUser({
    payload,
    email: 's3-alpha-editor@example.com',
    password: 's3-alpha-password-1',
    tenants: [{ tenant: alpha, roles: ['editor'] }],
  })
  png = await picture('S3')
  // The job runner polls often: a removal the store missed is retried by it.
  app = await startApp({ env: { ...s3.env, SCHEDULE_POLL_MS: '250' } })
  alphaWriter = partner({
    origin: app.origin,
    tenant: 's3-alpha',
    key: await createKey({ payload, tenants: [alpha], scope: 'write' }),
  })
  betaWriter = partner({
    origin: app.origin,
    tenant: 's3-beta',
    key: await createKey({ payload, tenants: [beta], scope: 'write' }),
  })
  alphaEditor = await signIn({
    origin: app.origin,
    email: 's3-alpha-editor@example.com',
    password: 's3-alpha-password-1',
  })
})

afterAll(async () => {
  await app?.stop()
  await s3?.close()
})

describe('uploads into the bucket', () => {
  it('a partner upload stores the file and both sizes under the tenant, nothing on disk', async () => {
    const res = await alphaWriter.create('media', form(png, 'poster.png', { alt: 'Poster' }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const doc = await stored(String(res.body.id))
    // The prefix is the tenant's id: stable when its slug is renamed.
    expect(doc.prefix).toBe(alpha.id)
    expect(namesOf(doc)).toHaveLength(3)
    const keys = await s3.keys(`${alpha.id}/`)
    for (const key of keysOf(doc)) expect(keys).toContain(key)
    expect((await objectBytes(`${alpha.id}/${doc.filename}`)).equals(png)).toBe(true)
    for (const name of namesOf(doc)) expect(localMedia()).not.toContain(name)
    // One write, one change: the adapter's echo of the record is not written a second time.
    const feed = await alphaWriter.call('GET', '/changes?limit=100')
    expect(feed.status, JSON.stringify(feed.body)).toBe(200)
    const events = (feed.body.changes as { id: string; event: string }[])
      .filter((change) => change.id === doc.id)
      .map((change) => change.event)
    expect(events.length).toBeGreaterThan(0)
    expect(events.every((event) => event === 'created')).toBe(true)
  })

  it("an upload through Payload's REST goes to the bucket too", async () => {
    const body = form(await picture('REST'), 'rest.png')
    body.append('_payload', JSON.stringify({ tenant: alpha.id, alt: 'REST' }))
    const res = await fetch(`${app.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${alphaEditor.token}` },
      body,
    })
    expect(res.status).toBe(201)
    const { doc: created } = (await res.json()) as { doc: Media }
    const doc = await stored(created.id)
    expect(await s3.keys(`${alpha.id}/`)).toEqual(expect.arrayContaining(keysOf(doc)))
  })
})

describe('serving files from the bucket', () => {
  it('answers every name with its bytes, the same headers, 304s, HEAD and CORS', async () => {
    const res = await alphaWriter.create('media', form(png, 'served.png'))
    const doc = await stored(String(res.body.id))
    for (const name of namesOf(doc)) {
      const url = `${app.origin}/api/media/file/${name}`
      const bytes = await objectBytes(`${alpha.id}/${name}`)
      const got = await fetch(url)
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe('image/png')
      expect(got.headers.get('content-length')).toBe(String(bytes.length))
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(got.headers.get('access-control-allow-origin')).toBe('*')
      expect(got.headers.get('x-content-type-options')).toBe('nosniff')
      const etag = got.headers.get('etag') ?? ''
      expect(etag).toMatch(/^"[^"]+"$/)
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true)

      const again = await fetch(url, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      const changed = await fetch(url, { headers: { 'if-none-match': '"other"' } })
      expect(changed.status).toBe(200)
      expect(Buffer.from(await changed.arrayBuffer()).equals(bytes)).toBe(true)

      const head = await fetch(url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(bytes.length))
      expect((await head.arrayBuffer()).byteLength).toBe(0)
    }
    const options = await fetch(`${app.origin}/api/media/file/${doc.filename}`, {
      method: 'OPTIONS',
    })
    expect(options.status).toBe(204)
    expect(options.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
  })

  it('a stored-looking name of no record, or an object no record owns, is a 404', async () => {
    const name = `${crypto.randomUUID()}.png`
    await expectProblem(await fetch(`${app.origin}/api/media/file/${name}`), 404)
    // Put in the bucket behind the app's back: nothing is served that no record names.
    await s3.client.putObject({ Bucket: s3.bucket, Key: `${alpha.id}/${name}`, Body: png })
    await expectProblem(await fetch(`${app.origin}/api/media/file/${name}`), 404)
    await s3.client.deleteObject({ Bucket: s3.bucket, Key: `${alpha.id}/${name}` })
  })
})

describe('tenants in the bucket', () => {
  it("each tenant's objects are under its own prefix, and listing one finds only its files", async () => {
    const a = await stored(
      String((await alphaWriter.create('media', form(png, 'same.png'))).body.id),
    )
    const b = await stored(
      String((await betaWriter.create('media', form(png, 'same.png'))).body.id),
    )
    expect(a.prefix).toBe(alpha.id)
    expect(b.prefix).toBe(beta.id)
    const alphaKeys = await s3.keys(`${alpha.id}/`)
    const betaKeys = await s3.keys(`${beta.id}/`)
    expect(alphaKeys).toEqual(expect.arrayContaining(keysOf(a)))
    expect(betaKeys).toEqual(expect.arrayContaining(keysOf(b)))
    expect(alphaKeys.every((k) => k.startsWith(`${alpha.id}/`))).toBe(true)
    for (const name of namesOf(b)) expect(alphaKeys.some((k) => k.endsWith(name))).toBe(false)
    // Every alpha object belongs to an alpha record.
    const { docs } = await payload.find({
      collection: 'media',
      where: { tenant: { equals: alpha.id } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    expect(alphaKeys).toEqual(docs.flatMap((doc) => keysOf(doc)).sort())
  })

  it("no client picks a key: another tenant's name and prefix in the body change nothing of it", async () => {
    const b = await stored(
      String((await betaWriter.create('media', form(png, 'target.png'))).body.id),
    )
    const before = new Map(
      await Promise.all(keysOf(b).map(async (k) => [k, await objectBytes(k)] as const)),
    )
    const other = await picture('intruder')
    const body = form(other, b.sizes?.thumbnail?.filename ?? 'x.png')
    body.append(
      '_payload',
      JSON.stringify({ tenant: alpha.id, prefix: beta.id, filename: b.filename, alt: 'x' }),
    )
    const res = await fetch(`${app.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${alphaEditor.token}` },
      body,
    })
    expect(res.status).toBe(201)
    const { doc: created } = (await res.json()) as { doc: Media }
    const mine = await stored(created.id)
    expect(mine.prefix).toBe(alpha.id)
    expect(mine.filename).toMatch(/^[0-9a-f-]{36}\.png$/)
    expect(namesOf(mine).some((n) => namesOf(b).includes(n))).toBe(false)
    for (const [key, bytes] of before) expect((await objectBytes(key)).equals(bytes)).toBe(true)
    // Nor by the partner API.
    const viaPartner = await alphaWriter.create(
      'media',
      form(other, b.filename ?? 'x.png', { prefix: beta.id }),
    )
    if (viaPartner.status === 201) {
      expect((await stored(String(viaPartner.body.id))).prefix).toBe(alpha.id)
    } else expect(viaPartner.status).toBe(400)
    for (const [key, bytes] of before) expect((await objectBytes(key)).equals(bytes)).toBe(true)
  })
})

describe('replacing and deleting', () => {
  it('a replace keeps the old objects until its transaction commits, then removes them', async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'old.png'))).body.id),
    )
    const oldKeys = keysOf(doc)
    const next = await picture('new')
    const req = { transactionID: (await payload.db.beginTransaction()) ?? undefined }
    let newKeys: string[]
    let replaced: Media
    try {
      replaced = await payload.update({
        collection: 'media',
        id: doc.id,
        data: {},
        file: { data: next, mimetype: 'image/png', name: 'new.png', size: next.length },
        overrideAccess: true,
        req,
      })
      newKeys = keysOf(replaced)
      expect(newKeys.some((k) => oldKeys.includes(k))).toBe(false)
      // Within the transaction both are there: a rollback would still find the old files.
      const within = await s3.keys(`${alpha.id}/`)
      expect(within).toEqual(expect.arrayContaining([...oldKeys, ...newKeys]))
    } catch (err) {
      await payload.db.rollbackTransaction(req.transactionID!)
      throw err
    }
    await payload.db.commitTransaction(req.transactionID!)
    // The old objects go after the commit, off the answer's path.
    await expect
      .poll(async () => (await s3.keys(`${alpha.id}/`)).filter((k) => oldKeys.includes(k)), {
        timeout: 5_000,
      })
      .toEqual([])
    const keys = await s3.keys(`${alpha.id}/`)
    expect(keys).toEqual(expect.arrayContaining(newKeys))
    expect(
      (await objectBytes(newKeys.find((k) => k.endsWith(`/${replaced.filename}`))!)).equals(next),
    ).toBe(true)
  })

  it('a replace that rolls back keeps the old objects and leaves none of the new', async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'kept.png'))).body.id),
    )
    const before = await s3.keys()
    const next = await picture('rolled back')
    const req = { transactionID: (await payload.db.beginTransaction()) ?? undefined }
    try {
      const replaced: Media = await payload.update({
        collection: 'media',
        id: doc.id,
        data: {},
        file: { data: next, mimetype: 'image/png', name: 'next.png', size: next.length },
        overrideAccess: true,
        req,
      })
      const within = await s3.keys()
      for (const key of keysOf(replaced)) expect(within).toContain(key)
      for (const key of keysOf(doc)) expect(within).toContain(key)
    } finally {
      await payload.db.rollbackTransaction(req.transactionID!)
    }
    // The cleanup runs after the upload settles, off the answer's path.
    await expect.poll(() => s3.keys(), { timeout: 5_000 }).toEqual(before)
    expect((await stored(doc.id)).filename).toBe(doc.filename)
  })

  it('a REST replace that fails keeps the current objects; one that succeeds swaps them', async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'swap.png'))).body.id),
    )
    const before = await s3.keys()
    const folder = await payload.create({
      collection: 'folders',
      data: { tenant: beta.id, name: 'Beta folder' },
      overrideAccess: true,
    })
    const failing = form(await picture('fails'), 'fails.png')
    failing.append('_payload', JSON.stringify({ folder: folder.id }))
    const refused = await fetch(`${app.origin}/api/media/${doc.id}`, {
      method: 'PATCH',
      headers: { authorization: `JWT ${alphaEditor.token}` },
      body: failing,
    })
    expect(refused.status).toBe(400)
    await expect.poll(() => s3.keys(), { timeout: 5_000 }).toEqual(before)

    const ok = await fetch(`${app.origin}/api/media/${doc.id}`, {
      method: 'PATCH',
      headers: { authorization: `JWT ${alphaEditor.token}` },
      body: form(await picture('swapped'), 'swapped.png'),
    })
    expect(ok.status).toBe(200)
    const after = await stored(doc.id)
    await expect
      .poll(async () => (await s3.keys()).filter((k) => keysOf(doc).includes(k)), {
        timeout: 5_000,
      })
      .toEqual([])
    expect(await s3.keys()).toEqual(expect.arrayContaining(keysOf(after)))
  })

  it("deleting a record removes its objects and no one else's", async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'gone.png'))).body.id),
    )
    const others = (await s3.keys()).filter((k) => !keysOf(doc).includes(k))
    expect((await alphaWriter.remove('media', doc.id)).status).toBe(204)
    await expect.poll(() => s3.keys(), { timeout: 5_000 }).toEqual(others)
    await expectProblem(await fetch(`${app.origin}/api/media/file/${doc.filename}`), 404)
  })

  it('a delete while the store is away is answered, and its objects go when the store is back', async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'away.png'))).body.id),
    )
    await s3.stop()
    try {
      const started = Date.now()
      expect((await alphaWriter.remove('media', doc.id)).status).toBe(204)
      // Not held by the store: the removal is a job of the delete's transaction.
      expect(Date.now() - started).toBeLessThan(5_000)
      const jobs = await payload.find({
        collection: 'payload-jobs',
        where: { taskSlug: { equals: removalTask } },
        overrideAccess: true,
        limit: 100,
      })
      const queued = jobs.docs.find((job) =>
        keysOf(doc).every((key) => (job.input as { keys: string[] }).keys.includes(key)),
      )
      expect(queued).toBeDefined()
    } finally {
      await s3.start()
    }
    // The quick removal failed with the store away; the job's retry removes them.
    await expect
      .poll(async () => (await s3.keys()).filter((k) => keysOf(doc).includes(k)), {
        timeout: 60_000,
        interval: 500,
      })
      .toEqual([])
  })

  it("a super-admin's move to another tenant must bring the file again", async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'moving.png'))).body.id),
    )
    const moved = await payload
      .update({ collection: 'media', id: doc.id, data: { tenant: beta.id }, overrideAccess: true })
      .then(
        () => undefined,
        (err: { data?: { errors?: { path: string }[] } }) => err.data?.errors?.map((e) => e.path),
      )
    expect(moved).toEqual(['tenant'])
    const kept = await stored(doc.id)
    expect(kept.prefix).toBe(alpha.id)
    expect(await s3.keys(`${alpha.id}/`)).toEqual(expect.arrayContaining(keysOf(doc)))
    // With its file again, it moves, its objects under the new tenant.
    const next = await picture('moved')
    const withFile = await payload.update({
      collection: 'media',
      id: doc.id,
      data: { tenant: beta.id },
      file: { data: next, mimetype: 'image/png', name: 'moved.png', size: next.length },
      overrideAccess: true,
    })
    expect(withFile.prefix).toBe(beta.id)
    expect(await s3.keys(`${beta.id}/`)).toEqual(expect.arrayContaining(keysOf(withFile)))
    await expect
      .poll(async () => (await s3.keys()).filter((k) => keysOf(doc).includes(k)), {
        timeout: 5_000,
      })
      .toEqual([])
  })
})

describe('edits, copies and limits in the bucket', () => {
  it('a crop in the admin reads the original from the bucket and stores new names', async () => {
    const before = await stored(
      String((await alphaWriter.create('media', form(png, 'crop.png'))).body.id),
    )
    const query =
      'uploadEdits[crop][x]=10&uploadEdits[crop][y]=10&uploadEdits[crop][width]=50' +
      '&uploadEdits[crop][height]=50&uploadEdits[widthInPixels]=650&uploadEdits[heightInPixels]=400'
    const cropped = await alphaEditor.patch(`/api/media/${before.id}?${query}`, { alt: 'Cropped' })
    expect(cropped.status, JSON.stringify(cropped.body)).toBe(200)
    const after = await stored(before.id)
    expect(after.filename).not.toBe(before.filename)
    expect(after.width).toBe(650)
    expect(await s3.keys(`${alpha.id}/`)).toEqual(expect.arrayContaining(keysOf(after)))
    // The old objects go after the commit, as a moved file's do above.
    await expect
      .poll(async () => (await s3.keys()).filter((k) => keysOf(before).includes(k)), {
        timeout: 5_000,
      })
      .toEqual([])
    expect((await fetch(`${app.origin}/api/media/file/${after.filename}`)).status).toBe(200)
  })

  it("a duplicate's objects are its own, under the same prefix", async () => {
    const original = await stored(
      String((await alphaWriter.create('media', form(png, 'twin.png'))).body.id),
    )
    const copy = await alphaEditor.post(`/api/media/${original.id}/duplicate`, {})
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    const twin = await stored(String((copy.body.doc as { id: string }).id))
    expect(twin.prefix).toBe(alpha.id)
    expect(namesOf(twin).some((n) => namesOf(original).includes(n))).toBe(false)
    const keys = await s3.keys(`${alpha.id}/`)
    expect(keys).toEqual(expect.arrayContaining([...keysOf(original), ...keysOf(twin)]))
    const served = await fetch(`${app.origin}/api/media/file/${twin.filename}`)
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
  })

  it('an image over the pixel limit is refused before anything reaches the bucket', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const keys = await s3.keys()
    const rows = await mediaRows()
    const res = await alphaWriter.create('media', form(bomb, 'bomb.png'))
    expect(res.status).toBe(400)
    expect(String(res.body.detail)).toMatch(/pixels/)
    expect(await s3.keys()).toEqual(keys)
    expect(await mediaRows()).toBe(rows)
  })
})

describe('the store away', () => {
  it('a store that accepts connections and never answers fails the upload at the deadline', async () => {
    // A socket that takes requests and answers nothing: slower than any deadline.
    const held = new Set<Socket>()
    const silent = net.createServer((socket) => {
      held.add(socket)
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    const endpoint = process.env.S3_ENDPOINT
    process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`
    let hung: Payload
    try {
      hung = await getPayload({ config: buildConfig({ ...configOptions }), key: 'media-s3-hung' })
    } finally {
      process.env.S3_ENDPOINT = endpoint
    }
    try {
      const rows = await mediaRows()
      const started = Date.now()
      const failed = await hung
        .create({
          collection: 'media',
          data: { tenant: alpha.id, alt: 'hung' },
          file: { data: png, mimetype: 'image/png', name: 'hung.png', size: png.length },
          overrideAccess: true,
        })
        .then(
          () => undefined,
          (err: unknown) => err as { status?: number; message?: string },
        )
      // S3_TIMEOUT_MS is 2000 here.
      expect(Date.now() - started).toBeLessThan(6_000)
      expect(failed?.status).toBe(503)
      expect(failed?.message).toMatch(/file store/)
      expect(await mediaRows()).toBe(rows)
    } finally {
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('uploads and file reads answer 503 within the deadline and leave no row and no object', async () => {
    const served = await stored(
      String((await alphaWriter.create('media', form(png, 'before.png'))).body.id),
    )
    const rows = await mediaRows()
    const keys = await s3.keys()
    await s3.stop()
    try {
      let started = Date.now()
      const res = await alphaWriter.create('media', form(png, 'down.png'))
      expect(res.status, JSON.stringify(res.body)).toBe(503)
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/)
      expect(String(res.body.detail)).toMatch(/file store/)
      expect(Date.now() - started).toBeLessThan(10_000)

      const body = form(png, 'down-rest.png')
      body.append('_payload', JSON.stringify({ tenant: alpha.id }))
      started = Date.now()
      const rest = await fetch(`${app.origin}/api/media`, {
        method: 'POST',
        headers: { authorization: `JWT ${alphaEditor.token}` },
        body,
      })
      expect(rest.status).toBe(503)
      expect(Date.now() - started).toBeLessThan(10_000)

      started = Date.now()
      await expectProblem(await fetch(`${app.origin}/api/media/file/${served.filename}`), 503)
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(await mediaRows()).toBe(rows)
    } finally {
      await s3.start()
    }
    await expect.poll(() => s3.keys(), { timeout: 5_000 }).toEqual(keys)
    expect((await fetch(`${app.origin}/api/media/file/${served.filename}`)).status).toBe(200)
  })
})

describe('MEDIA_PUBLIC_URL', () => {
  it('points url, thumbnailURL, sizes and src at the public base, under the prefix', async () => {
    const doc = await stored(
      String((await alphaWriter.create('media', form(png, 'cdn.png'))).body.id),
    )
    const base = 'https://cdn.example.test/media'
    process.env.MEDIA_PUBLIC_URL = base
    try {
      const read = await payload.findByID({ collection: 'media', id: doc.id, depth: 0 })
      const at = (name: string | null | undefined): string => `${base}/${alpha.id}/${name}`
      expect(read.url).toBe(at(doc.filename))
      expect(read.thumbnailURL).toBe(at(doc.sizes?.thumbnail?.filename))
      expect(read.sizes?.thumbnail?.url).toBe(at(doc.sizes?.thumbnail?.filename))
      expect(read.sizes?.opengraph?.url).toBe(at(doc.sizes?.opengraph?.filename))
      expect(read.src).toBe(at(doc.filename))
      expect(read.src_opengraph).toBe(at(doc.sizes?.opengraph?.filename))
    } finally {
      delete process.env.MEDIA_PUBLIC_URL
    }
    // Without it, partners get the app's own route.
    const plain = await alphaWriter.get('media', doc.id)
    expect(plain.body.url).toBe(`/api/media/file/${doc.filename}`)
    expect(String(plain.body.src)).toMatch(new RegExp(`/api/media/file/${doc.filename}$`))
  })

  it('is what the partner API answers when the app has it', async () => {
    const publicApp = await startApp({
      env: { ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example.test/m/' },
    })
    try {
      const key = await createKey({ payload, tenants: [alpha], scope: 'write' })
      const client = partner({ origin: publicApp.origin, tenant: 's3-alpha', key })
      const created = await client.create('media', form(png, 'public.png'))
      expect(created.status).toBe(201)
      const doc = await stored(String(created.body.id))
      const answer = await client.get('media', doc.id)
      const at = (name: string | null | undefined): string =>
        `https://cdn.example.test/m/${alpha.id}/${name}`
      expect(answer.body.url).toBe(at(doc.filename))
      expect(answer.body.thumbnailURL).toBe(at(doc.sizes?.thumbnail?.filename))
      expect(answer.body.src).toBe(at(doc.filename))
      const sizes = answer.body.sizes as Record<string, { url: string }>
      expect(sizes.opengraph?.url).toBe(at(doc.sizes?.opengraph?.filename))
      const file = await client.get('files', doc.id)
      expect(file.body.url).toBe(at(doc.filename))
      // The file route still serves the name, for anyone holding the app's address.
      expect((await fetch(`${publicApp.origin}/api/media/file/${doc.filename}`)).status).toBe(200)
    } finally {
      await publicApp.stop()
    }
  })
})

describe('npm run media:to-s3', () => {
  /** Runs the command; `killAfter` kills it (and its task process) once it moved that many. */
  const run = (
    env: Record<string, string>,
    killAfter?: number,
  ): Promise<{ code: number | null; output: string }> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/media-to-s3.ts'], {
        cwd: projectRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      let output = ''
      let killed = false
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (killAfter && !killed && (output.match(/^moved /gm)?.length ?? 0) >= killAfter) {
          killed = true
          process.kill(-child.pid!, 'SIGKILL')
        }
      })
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('exit', (code) => resolve({ code, output }))
    })

  it('moves every file of an installation on disk, checked, resumably, and once', async () => {
    // An installation of its own: its database and its media folder, files on disk.
    const databaseUri = await freshDatabase('media_to_s3')
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-move-'))
    const disk = await startApp({ databaseUri, env: { CMS_DATA_DIR: dataDir, S3_BUCKET: '' } })
    const media = path.join(dataDir, 'media')
    const uploaded: { id: string; tenant: string; names: string[] }[] = []
    try {
      const first = await fetch(`${disk.origin}/api/users/first-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' }),
      })
      expect(first.ok, await first.clone().text()).toBe(true)
      const owner = await signIn({
        origin: disk.origin,
        email: 'owner@example.com',
        password: 'owner-password-1',
      })
      const tenant = await owner.post('/api/tenants', { name: 'Moving', slug: 'moving' })
      expect(tenant.status).toBe(201)
      const tenantId = String((tenant.body.doc as { id: string }).id)
      for (const label of ['one', 'two', 'three']) {
        const body = form(await picture(label), `${label}.png`)
        body.append('_payload', JSON.stringify({ tenant: tenantId }))
        const res = await fetch(`${disk.origin}/api/media`, {
          method: 'POST',
          headers: { authorization: `JWT ${owner.token}` },
          body,
        })
        expect(res.status).toBe(201)
        const { doc } = (await res.json()) as { doc: Media }
        expect(doc.prefix).toBe(tenantId)
        uploaded.push({ id: doc.id, tenant: tenantId, names: namesOf(doc) })
      }
    } finally {
      await disk.stop()
    }
    const names = uploaded.flatMap((u) => u.names)
    expect(names).toHaveLength(9)
    const bytes = new Map(names.map((n) => [n, fs.readFileSync(path.join(media, n))]))
    const env = { ...s3.env, DATABASE_URI: databaseUri, CMS_DATA_DIR: dataDir }

    // Killed after two files: those are in the bucket and gone from the disk, the rest wait.
    const killed = await run(env, 2)
    expect(killed.code, killed.output).not.toBe(0)
    expect(killed.output).toMatch(/^moved 2\/9 /m)
    expect(killed.output).not.toMatch(/failed/)
    const left = fs.readdirSync(media)
    expect(left.length).toBeGreaterThanOrEqual(6)
    expect(left.length).toBeLessThanOrEqual(7)
    for (const name of names.filter((n) => !left.includes(n))) {
      const owner = uploaded.find((u) => u.names.includes(name))!
      expect((await objectBytes(`${owner.tenant}/${name}`)).equals(bytes.get(name)!)).toBe(true)
    }

    // One file cannot be read: the run moves the rest, says which failed and exits non-zero.
    const missing = uploaded[1]!.names[2]!
    fs.renameSync(path.join(media, missing), path.join(dataDir, 'aside'))
    const interrupted = await run(env)
    expect(interrupted.code, interrupted.output).toBe(1)
    expect(interrupted.output).toMatch(new RegExp(`failed .*${missing}`))
    const [, moved, already] =
      /(\d+) moved, (\d+) already in the bucket, 1 failed/.exec(interrupted.output) ?? []
    expect(Number(moved) + Number(already)).toBe(8)
    // A file sent but not yet removed when the run was killed is found whole and not sent again.
    expect(Number(already)).toBeGreaterThanOrEqual(9 - left.length)
    // Only verified files left the disk.
    expect(fs.readdirSync(media)).toEqual([])

    fs.renameSync(path.join(dataDir, 'aside'), path.join(media, missing))
    const resumed = await run(env)
    expect(resumed.code, resumed.output).toBe(0)
    expect(resumed.output).toMatch(/1 moved, 8 already in the bucket, 0 failed/)
    expect(fs.readdirSync(media)).toEqual([])
    for (const { tenant, names: own } of uploaded) {
      for (const name of own) {
        expect((await objectBytes(`${tenant}/${name}`)).equals(bytes.get(name)!), name).toBe(true)
      }
    }

    const again = await run(env)
    expect(again.code, again.output).toBe(0)
    expect(again.output).toMatch(/0 moved, 9 already in the bucket, 0 failed/)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses to run without a bucket', async () => {
    const none = await run({ S3_BUCKET: '' })
    expect(none.code).not.toBe(0)
    expect(none.output).toMatch(/S3_BUCKET/)
  })
})
