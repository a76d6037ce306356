import { readThrough } from '../cache/answers'
import { partnerOptions } from '../options'
import type { RouteContext } from '../types'
import { etagOf, noneMatch } from '../../../lib/etag'
import { encodeBody } from './respond'
import { answerBytes } from '../records/answerBytes'
import type { PlainAnswer, PlainRequest } from '../../../lib/plainHttp'

/**
 * Text as bytes in storage of its own: a small Buffer.from shares an 8 KB pool block it would
 * keep alive, ten times what the cache's byte budget counts for it.
 */
const ownBytes = (text: string): Buffer => {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  bytes.write(text)
  return bytes
}

/** A partner may keep a read's answer, and must ask again (with its tag) before using it. */
const readCacheControl = 'private, no-cache'

/**
 * A list or retrieve answer: from the read cache when the tenant has not changed since it was
 * kept, else made by `produce`; tagged, and a 304 when the partner already holds it. Every key
 * of a tenant reads the same records, so answers are kept per tenant, resource (a record kind)
 * and query.
 */
export const readAnswer = async ({
  request,
  payload,
  resource,
  principal,
  query,
  mediaType = 'application/json',
  produce,
}: Pick<RouteContext, 'payload' | 'principal'> & {
  request: PlainRequest
  /** What is read: a record kind's path. */
  resource: string
  /** The normalised query (or id): equal queries share one answer. */
  query: string
  /** What the answer is: JSON unless the route says otherwise (JSON-LD, a calendar). */
  mediaType?: string
  produce: () => Promise<unknown>
}): Promise<PlainAnswer> => {
  const tenant = principal.tenant.id
  const answer = await readThrough({
    key: `${tenant}\u0000${resource}\u0000${query}`,
    scope: tenant,
    cache: partnerOptions(payload.config).cache,
    produce: async () => {
      const result = await produce()
      const body =
        (mediaType === 'application/json' ? answerBytes(result) : undefined) ??
        ownBytes(encodeBody({ result, mediaType }))
      return { body, etag: etagOf(body) }
    },
  })
  const headers = { etag: answer.etag, 'cache-control': readCacheControl }
  if (noneMatch({ header: request.header('if-none-match'), etag: answer.etag }))
    return { status: 304, headers, body: null }
  return { status: 200, headers: { 'content-type': mediaType, ...headers }, body: answer.body }
}
