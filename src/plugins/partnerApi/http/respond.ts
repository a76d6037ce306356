import { etagOf } from '../../../lib/etag'
import type { PlainAnswer } from '../../../lib/plainHttp'

/**
 * An operation's result as sent: JSON, unless the route declares a text media type (a
 * calendar), whose operation answers the text itself.
 */
export const encodeBody = ({ result, mediaType }: { result: unknown; mediaType?: string }) =>
  typeof result === 'string' && mediaType?.startsWith('text/')
    ? result
    : mediaType === 'application/ld+json'
      ? scriptSafe(JSON.stringify(result))
      : JSON.stringify(result)

/**
 * JSON-LD is pasted into a page's `<script>` element: text an editor or a box office wrote
 * (`</script><img onerror=…>`) must not end it. The same JSON, with `<`, `>`, `&` and the two
 * line separators JavaScript reads as line ends written as escapes.
 */
const scriptSafe = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** An answer of the partner API: never cached by anything between us and the partner. */
export const json = (
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
  mediaType = 'application/json',
): PlainAnswer => ({
  status,
  headers: { 'content-type': mediaType, 'cache-control': 'no-store', ...headers },
  body: encodeBody({ result: body, mediaType }),
})

/** A record just written, with the tag a later `If-Match` names. */
export const writtenRecord = (
  record: unknown,
  status: number,
  headers: Record<string, string> = {},
): PlainAnswer => {
  const body = JSON.stringify(record)
  return {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      etag: etagOf(body),
      ...headers,
    },
    body,
  }
}
