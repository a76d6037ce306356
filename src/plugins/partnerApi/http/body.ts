import { jsonNestingDepth } from '../../../lib/jsonDepth'
import { maxBodyNesting as maxJsonDepth } from '../../../fields/bodyNesting'
import { fail } from '../../../lib/partnerProblem'

/** Reads a request body up to `limit` bytes; a larger one is a 413 before it is all read. */
export const readBody = async ({
  request,
  limit,
}: {
  request: Request
  limit: number
}): Promise<Buffer> => {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) fail({ status: 413, detail: `The body is larger than ${limit} bytes.` })
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      fail({ status: 413, detail: `The body is larger than ${limit} bytes.` })
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

export const mediaType = (request: Request): string =>
  (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/** A JSON object body; anything else is a 400 (malformed) or 415 (not JSON at all). */
export const readJsonObject = async ({
  request,
  limit,
}: {
  request: Request
  limit: number
}): Promise<Record<string, unknown>> => {
  const type = mediaType(request)
  if (type !== 'application/json' && !type.endsWith('+json')) {
    fail({
      status: 415,
      detail: `Send "Content-Type: application/json" (got "${type || 'none'}").`,
    })
  }
  const text = (await readBody({ request, limit })).toString('utf8')
  // Deeper than any record goes (rich text included): refused before anything walks it.
  if (jsonNestingDepth(text, maxJsonDepth) > maxJsonDepth)
    fail({
      status: 400,
      type: 'malformed-json',
      detail: `The body nests deeper than ${maxJsonDepth} levels.`,
    })
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    fail({
      status: 400,
      type: 'malformed-json',
      detail: `The body is not valid JSON: ${(err as Error).message}`,
    })
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    fail({ status: 400, detail: 'The body must be a JSON object.' })
  }
  return parsed as Record<string, unknown>
}
