import { etagOf } from '../../../lib/etag'

/** A JSON answer of the partner API: never cached by anything between us and the partner. */
export const json = (
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  })

/** A record just written, with the tag a later `If-Match` names. */
export const writtenRecord = (
  record: unknown,
  status: number,
  headers: Record<string, string> = {},
): Response => {
  const body = JSON.stringify(record)
  return new Response(body, {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      etag: etagOf(body),
      ...headers,
    },
  })
}
