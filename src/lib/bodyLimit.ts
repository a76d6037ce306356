import type { IncomingHttpHeaders } from 'node:http'

import type { Problem } from './problem'
import type { Settings } from './settings'

/** Form overhead allowed on top of the file itself in a multipart upload. */
const multipartSlackBytes = 1_048_576

/**
 * The partner API reads its bodies itself, chunked ones included, with its own limits and its
 * documented problems. Only the API's own versions: anything else under /api/partners/ is a 404.
 */
const countsItsOwnBody = (path: string): boolean => /^\/api\/partners\/\d{4}-\d{2}\//.test(path)

/** Where files are uploaded: the only routes that get the upload limit. */
const uploadPath = /^\/api\/media(\/[^/]+)?\/?$/

/**
 * The path as the router will see it: dot segments, encoded ones included, resolved. Checking the
 * raw URL let `/api/partners/../graphql` pass as a partner path.
 */
const routedPath = (url: string): string => {
  try {
    return new URL(url, 'http://localhost').pathname
  } catch {
    return url
  }
}

/**
 * The most a request may send: a file upload to the upload routes by someone who sends
 * credentials gets the upload limit, everything else the small one.
 */
export const bodyLimitFor = ({
  path,
  headers,
  settings,
}: {
  path: string
  headers: IncomingHttpHeaders
  settings: Pick<Settings, 'requestBodyLimitBytes' | 'mediaUploadLimitBytes'>
}): number => {
  const upload =
    /^multipart\/form-data\b/i.test(headers['content-type'] ?? '') &&
    uploadPath.test(path) &&
    Boolean(headers.authorization || /payload-token=/.test(headers.cookie ?? ''))
  return upload
    ? settings.mediaUploadLimitBytes + multipartSlackBytes
    : settings.requestBodyLimitBytes
}

/**
 * Checked before any route reads a byte: Payload's own REST and GraphQL routes, the admin's
 * server actions and uploads read whole bodies, anonymously, before access control. A body
 * over the limit is a 413; one of unstated length (chunked) a 411, since it cannot be measured
 * without reading it.
 */
export const bodyRefusal = ({
  url,
  headers,
  settings,
}: {
  url: string
  headers: IncomingHttpHeaders
  settings: Pick<Settings, 'requestBodyLimitBytes' | 'mediaUploadLimitBytes'>
}): Problem | undefined => {
  const declared = headers['content-length']
  // Most requests (reads) send no body: nothing to measure, no path to resolve.
  if (declared === undefined && !headers['transfer-encoding']) return undefined
  const path = routedPath(url)
  if (countsItsOwnBody(path)) return undefined
  const limit = bodyLimitFor({ path, headers, settings })
  if (declared !== undefined) {
    const length = Number(declared)
    if (!Number.isSafeInteger(length) || length < 0)
      return { status: 400, title: 'Bad Request', detail: 'Content-Length is not a number.' }
    if (length > limit)
      return {
        status: 413,
        title: 'Content Too Large',
        detail: `The body is larger than ${limit} bytes.`,
      }
    return undefined
  }
  return {
    status: 411,
    title: 'Length Required',
    detail: 'Send the body with a Content-Length header.',
  }
}
