import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveMediaFile } from './serveFile'

const stem = '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b'
const name = `${stem}.pdf`
let dataDir: string
let previous: string | undefined
// Several reads' worth, and not a whole number of them.
const bytes = Buffer.from(Array.from({ length: 200_001 }, (_, i) => i % 251))

const serve = (filename: string, init: RequestInit = {}): Promise<Response> =>
  serveMediaFile({ request: new Request(`http://cms/api/media/file/x`, init), filename })

beforeAll(() => {
  previous = process.env.CMS_DATA_DIR
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-file-'))
  process.env.CMS_DATA_DIR = dataDir
  fs.mkdirSync(path.join(dataDir, 'media'))
  fs.writeFileSync(path.join(dataDir, 'media', name), bytes)
  fs.writeFileSync(path.join(dataDir, 'media', `.kept-${stem}`), bytes)
  fs.writeFileSync(path.join(dataDir, 'secret.pdf'), bytes)
  fs.mkdirSync(path.join(dataDir, 'media', `${stem}-1.png`))
  fs.symlinkSync(path.join(dataDir, 'secret.pdf'), path.join(dataDir, 'media', `${stem}-2.pdf`))
})

afterAll(() => {
  if (previous === undefined) delete process.env.CMS_DATA_DIR
  else process.env.CMS_DATA_DIR = previous
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('serveMediaFile', () => {
  it('answers a stored file whole, with its type, length, tag and cache headers', async () => {
    const res = await serve(name)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('answers HEAD and a matching tag or date without a body', async () => {
    const etag = (await serve(name, { method: 'HEAD' })).headers.get('etag') ?? ''
    const head = await serve(name, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
    expect(head.body).toBeNull()
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await serve(name, { headers: { 'if-none-match': header } })
      expect(res.status, header).toBe(304)
      expect(res.body).toBeNull()
      expect(res.headers.get('etag')).toBe(etag)
    }
    expect((await serve(name, { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
    const modified = head.headers.get('last-modified') ?? ''
    expect((await serve(name, { headers: { 'if-modified-since': modified } })).status).toBe(304)
    // If-None-Match decides when both are sent.
    const both = { 'if-none-match': '"other"', 'if-modified-since': modified }
    expect((await serve(name, { headers: both })).status).toBe(200)
  })

  it('is a 404 problem for any name the server did not make, or that has no file', async () => {
    for (const filename of [
      `.kept-${stem}`,
      '../secret.pdf',
      `../media/${name}`,
      `${stem}-1.png`,
      `${stem}-2.pdf`,
      `${stem}-3.pdf`,
      '',
    ]) {
      const res = await serve(filename)
      expect(res.status, filename).toBe(404)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(((await res.json()) as { status: number }).status).toBe(404)
    }
  })

  it('is a 405 problem for writes', async () => {
    const res = await serve(name, { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(fs.existsSync(path.join(dataDir, 'media', name))).toBe(true)
  })
})
