import type { Config, Endpoint, PayloadHandler, PayloadRequest } from 'payload'

import { problemOf, problemResponse } from '../../lib/problem'

type Body = Record<string, unknown>

const idsOf = (body: Body): unknown[] =>
  [body.id, typeof body.doc === 'object' && body.doc ? (body.doc as Body).id : undefined].filter(
    (id) => id !== undefined && id !== null,
  )

/**
 * The body as the plugin's handler will read it: JSON or a 400, and an id the signed-in user
 * cannot read left out. The plugin tells an id of another tenant (403) from an unknown one, and
 * its generate functions here read only the body, so a record the user cannot read is treated
 * as one not saved yet: the answer says nothing about whether it exists.
 */
const readableBody = async (req: PayloadRequest): Promise<Body | Response> => {
  let body: unknown
  try {
    body = await req.json?.()
  } catch {
    return problemResponse({
      problem: problemOf({ status: 400, detail: 'The body is not valid JSON.' }),
    })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return problemResponse({
      problem: problemOf({ status: 400, detail: 'The body must be a JSON object.' }),
    })
  const data = body as Body
  const slug = data.collectionSlug
  const [id] = idsOf(data)
  if (typeof slug !== 'string' || id === undefined || !req.payload.collections[slug as 'events'])
    return data
  const readable = await req.payload
    .findByID({
      collection: slug as 'events',
      id: String(id),
      depth: 0,
      draft: true,
      disableErrors: true,
      overrideAccess: false,
      user: req.user,
      req,
    })
    .catch(() => null)
  if (readable) return data
  const { id: _id, ...rest } = data
  const doc = typeof rest.doc === 'object' && rest.doc ? { ...(rest.doc as Body) } : rest.doc
  if (doc && typeof doc === 'object') delete (doc as Body).id
  return { ...rest, ...(doc !== undefined ? { doc } : {}) }
}

const guarded =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    const body = await readableBody(req)
    if (body instanceof Response) return body
    req.json = async () => body
    return handler(req)
  }

/** The SEO plugin's generate endpoints, each reading its body through `readableBody` first. */
export const guardSeoEndpoints = (config: Config): Config => ({
  ...config,
  endpoints: (config.endpoints ?? []).map((endpoint: Endpoint): Endpoint =>
    endpoint.path.startsWith('/plugin-seo/')
      ? { ...endpoint, handler: guarded(endpoint.handler) }
      : endpoint,
  ),
})
