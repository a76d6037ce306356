import { isDatabaseUnavailable } from '../db/unavailable'
import { problemOf, problemResponse } from '../lib/problem'
import { noneMatch } from '../lib/etag'
import { mediaDir } from './mediaDir'
import { openStoredFile, type StoredFile } from './storedFile'
import { StorageUnavailable } from './storageUnavailable'

/** Opens a stored name's file, on disk or in the bucket; `withBody` false: no bytes are read. */
export type OpenFile = (args: {
  name: string
  withBody: boolean
}) => Promise<StoredFile | undefined>

const openOnDisk: OpenFile = ({ name }) => openStoredFile({ dir: mediaDir(), name })

/** Where Payload's media URLs point: `/api/media/file/{filename}`. */
export const mediaFilePrefix = '/api/media/file/'

const allow = 'GET, HEAD, OPTIONS'

/**
 * Every file is public by its name: a random UUID the server made, known only to those an answer
 * of the API or the admin gave it to. A name's bytes never change (prepareUpload.ts), so an
 * answer may be kept for a year and never asked again. Any website may draw a file into a
 * canvas; the policy stops a PDF or an image opened on its own from running or loading anything.
 */
const fileHeaders = (file: StoredFile): Record<string, string> => ({
  'cache-control': 'public, max-age=31536000, immutable',
  etag: file.etag,
  'last-modified': file.lastModified.toUTCString(),
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
})

/** RFC 9110 13.2.2: If-None-Match decides when sent, else If-Modified-Since (in seconds). */
const notModified = ({ request, file }: { request: Request; file: StoredFile }): boolean => {
  const tags = request.headers.get('if-none-match')
  if (tags !== null) return noneMatch({ header: tags, etag: file.etag })
  const since = Date.parse(request.headers.get('if-modified-since') ?? '')
  return Number.isFinite(since) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since
}

const notFound = (): Response =>
  problemResponse({
    problem: problemOf({ status: 404, detail: 'There is no file of that name.' }),
    headers: { 'access-control-allow-origin': '*' },
  })

const unavailable = (): Response =>
  problemResponse({
    problem: problemOf({
      status: 503,
      detail: 'The file store is not available right now; try again shortly.',
    }),
    headers: { 'access-control-allow-origin': '*', 'retry-after': '2' },
  })

/** The answer to any request for `/api/media/file/{filename}`; no credentials are read. */
export const serveMediaFile = async ({
  request,
  filename,
  open = openOnDisk,
}: {
  request: Request
  filename: string
  /** Where files are: the local disk unless a bucket is configured. */
  open?: OpenFile
}): Promise<Response> => {
  const method = request.method
  if (method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: {
        allow,
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-max-age': '86400',
      },
    })
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return problemResponse({
      problem: problemOf({ status: 405, detail: `Files are read with ${allow}.` }),
      headers: { allow },
    })
  }
  let file: StoredFile | undefined
  try {
    // A conditional GET may well be a 304: ask the store for the description alone first.
    const conditional =
      request.headers.has('if-none-match') || request.headers.has('if-modified-since')
    file = await open({ name: filename, withBody: method === 'GET' && !conditional })
    if (file && method === 'GET' && conditional && !notModified({ request, file })) {
      await file.close()
      file = await open({ name: filename, withBody: true })
    }
  } catch (err) {
    if (err instanceof StorageUnavailable || isDatabaseUnavailable(err)) return unavailable()
    throw err
  }
  if (!file) return notFound()
  if (notModified({ request, file })) {
    await file.close()
    return new Response(null, { status: 304, headers: fileHeaders(file) })
  }
  const headers = {
    ...fileHeaders(file),
    'content-type': file.type,
    'content-length': String(file.size),
  }
  if (method === 'HEAD') {
    await file.close()
    return new Response(null, { status: 200, headers })
  }
  return new Response(file.stream(), { status: 200, headers })
}
