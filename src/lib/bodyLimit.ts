import type { IncomingHttpHeaders } from 'node:http'

import type { Problem } from './problem'
import type { Settings } from './settings'

/** Form overhead allowed on top of the file itself in a multipart upload. */
const multipartSlackBytes = 1_048_576

/**
 * The partner API reads its bodies itself, chunked ones included, with its own limits and its
 * documented problems.
 */
const countsItsOwnBody = (url: string): boolean => url.startsWith('/api/partners/')

/** The most a request of this content type may send. */
export const bodyLimitFor = ({
  contentType,
  settings,
}: {
  contentType: string | undefined
  settings: Pick<Settings, 'requestBodyLimitBytes' | 'mediaUploadLimitBytes'>
}): number =>
  /^multipart\/form-data\b/i.test(contentType ?? '')
    ? settings.mediaUploadLimitBytes + multipartSlackBytes
    : settings.requestBodyLimitBytes

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
  if (countsItsOwnBody(url)) return undefined
  const limit = bodyLimitFor({ contentType: headers['content-type'], settings })
  const declared = headers['content-length']
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
  if (headers['transfer-encoding'])
    return {
      status: 411,
      title: 'Length Required',
      detail: 'Send the body with a Content-Length header.',
    }
  return undefined
}
