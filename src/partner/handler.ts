import config from '@payload-config'
import { getPayload, type Payload, type Where } from 'payload'

import { problemResponse } from '../lib/problem'
import { readSettings } from '../lib/settings'
import { allowedMimeTypes } from '../collections/Media'
import { clientAddressHeader } from '../lib/clientAddress'
import { authenticate, type PartnerPrincipal } from './auth'
import { mediaType, readBody, readJsonObject } from './body'
import { corsHeaders, preflight } from './cors'
import { partnerKinds, type Kind } from './kinds'
import { toProblem } from './payloadErrors'
import { fail, PartnerProblem } from './problems'
import { isUuid, parseListQuery } from './query'
import { fetchRemoteFile, type FetchedFile } from './remoteFetch'
import { matchRoute, partnerBasePath, type Route } from './routes'
import { validateBody } from './validate'

type Context = {
  payload: Payload
  route: Route
  kind: Kind
  principal: PartnerPrincipal
  request: Request
  id?: string
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  })

const as = (principal: PartnerPrincipal) => ({
  user: principal.user,
  overrideAccess: false as const,
})

const getPath = (body: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) =>
        v && typeof v === 'object' ? (v as unknown as Record<string, unknown>)[k] : undefined,
      body,
    )

const setPath = (body: Record<string, unknown>, path: string, value: unknown): void => {
  const keys = path.split('.')
  const last = keys.pop() as string
  const parent = keys.reduce<Record<string, unknown>>(
    (v, k) => (v[k] ?? {}) as Record<string, unknown>,
    body,
  )
  parent[last] = value
}

/** A polymorphic reference (redirect `to.reference`) arrives as an id; find which kind it is. */
const resolvePolymorphic = async ({
  ctx,
  data,
}: {
  ctx: Context
  data: Record<string, unknown>
}): Promise<void> => {
  const errors: { field: string; message: string }[] = []
  for (const { path, relationTo } of ctx.kind.polymorphic) {
    const value = getPath(data, path)
    if (value === undefined || value === null) continue
    if (!isUuid(value)) {
      errors.push({ field: path, message: 'Must be a record identifier (a UUID).' })
      continue
    }
    let found: string | undefined
    for (const collection of relationTo) {
      const { totalDocs } = await ctx.payload.count({
        collection: collection as 'pages',
        where: { id: { equals: value } },
        ...as(ctx.principal),
      })
      if (totalDocs > 0) {
        found = collection
        break
      }
    }
    if (!found)
      errors.push({
        field: path,
        message: `No ${relationTo.join(', ')} record with this id in this tenant.`,
      })
    else setPath(data, path, { relationTo: found, value })
  }
  if (errors.length > 0)
    fail({
      status: 400,
      type: 'validation',
      detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      errors,
    })
}

const findOwn = async (ctx: Context, id: string): Promise<Record<string, unknown>> => {
  // Looked up first, through access control: a missing id and another tenant's id are one 404.
  if (!isUuid(id))
    return fail({ status: 404, detail: `No ${ctx.kind.schema} with id "${id}" in this tenant.` })
  const doc = await ctx.payload.findByID({
    collection: ctx.kind.collection,
    id,
    depth: 0,
    draft: Boolean(ctx.kind.drafts),
    disableErrors: true,
    ...as(ctx.principal),
  })
  if (!doc)
    return fail({ status: 404, detail: `No ${ctx.kind.schema} with id "${id}" in this tenant.` })
  return doc as unknown as Record<string, unknown>
}

const list = async (ctx: Context): Promise<Response> => {
  const query = parseListQuery({ search: new URL(ctx.request.url).search, leaves: ctx.kind.leaves })
  const result = await ctx.payload.find({
    collection: ctx.kind.collection,
    limit: query.limit,
    page: query.page,
    sort: query.sort,
    ...(query.where ? { where: query.where as Where } : {}),
    depth: 0,
    draft: Boolean(ctx.kind.drafts),
    ...as(ctx.principal),
  })
  return json(
    {
      docs: result.docs.map((doc) => ctx.kind.project(doc as unknown as Record<string, unknown>)),
      totalDocs: result.totalDocs,
      limit: result.limit,
      totalPages: result.totalPages,
      page: result.page ?? query.page,
      pagingCounter: result.pagingCounter,
      hasPrevPage: result.hasPrevPage,
      hasNextPage: result.hasNextPage,
      prevPage: result.prevPage ?? null,
      nextPage: result.nextPage ?? null,
    },
    200,
  )
}

const retrieve = async (ctx: Context): Promise<Response> =>
  json(ctx.kind.project(await findOwn(ctx, ctx.id ?? '')), 200)

/** More parts than a media record has fields is no upload: it is a way to make work. */
const maxFormParts = 50

/** The file and fields of a media create: multipart with `file`, or JSON with a remote `src`. */
const mediaInput = async (
  ctx: Context,
): Promise<{ body: Record<string, unknown>; file: FetchedFile }> => {
  const settings = readSettings()
  const type = mediaType(ctx.request)
  if (type === 'multipart/form-data') {
    const raw = await readBody({ request: ctx.request, limit: settings.mediaUploadLimitBytes })
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': ctx.request.headers.get('content-type') ?? '' },
    })
      .formData()
      .catch(() => fail({ status: 400, detail: 'The multipart body could not be read.' }))
    const parts = [...form.keys()].length
    if (parts > maxFormParts) {
      fail({
        status: 400,
        detail: `A multipart body has at most ${maxFormParts} parts (got ${parts}).`,
      })
    }
    const upload = form.get('file')
    if (!upload || typeof upload === 'string') {
      return fail({
        status: 400,
        detail: 'A multipart media create needs a "file" part.',
        errors: [{ field: 'file', message: 'Required.' }],
      })
    }
    let body: Record<string, unknown> = {}
    const payloadPart = form.get('_payload')
    if (typeof payloadPart === 'string') {
      try {
        body = JSON.parse(payloadPart) as Record<string, unknown>
      } catch {
        fail({
          status: 400,
          type: 'malformed-json',
          detail: 'The "_payload" part is not valid JSON.',
        })
      }
    }
    for (const [name, value] of form.entries()) {
      if (name !== 'file' && name !== '_payload' && typeof value === 'string') body[name] = value
    }
    const data = Buffer.from(await upload.arrayBuffer())
    return {
      body,
      file: { data, mimetype: upload.type, name: upload.name || 'upload', size: data.length },
    }
  }
  const body = await readJsonObject({ request: ctx.request, limit: settings.partnerBodyLimitBytes })
  const { src, ...rest } = body
  if (typeof src !== 'string' || !src) {
    return fail({
      status: 400,
      detail:
        'A media create needs a file: multipart/form-data with "file", or JSON with "src", a URL to fetch.',
      errors: [{ field: 'src', message: 'Required.' }],
    })
  }
  const file = await fetchRemoteFile({
    src,
    // The partner hanging up ends the fetch too.
    signal: ctx.request.signal,
    options: {
      maxBytes: settings.mediaUploadLimitBytes,
      timeoutMs: settings.mediaFetchTimeoutMs,
      allowedHosts: settings.mediaFetchAllowedHosts,
      mimeTypes: allowedMimeTypes,
    },
  })
  return { body: rest, file }
}

const create = async (ctx: Context): Promise<Response> => {
  const settings = readSettings()
  let body: Record<string, unknown>
  let file: FetchedFile | undefined
  if (ctx.kind.upload) ({ body, file } = await mediaInput(ctx))
  else body = await readJsonObject({ request: ctx.request, limit: settings.partnerBodyLimitBytes })

  const data = validateBody({ kind: ctx.kind, body, partial: false })
  if (data.id !== undefined) {
    const { totalDocs } = await ctx.payload.count({
      collection: ctx.kind.collection,
      where: { id: { equals: data.id } },
      overrideAccess: true,
    })
    if (totalDocs > 0)
      fail({
        status: 409,
        type: 'conflict',
        detail: `A record with id "${String(data.id)}" already exists.`,
        errors: [{ field: 'id', message: 'Already exists.' }],
      })
  }
  await resolvePolymorphic({ ctx, data })
  const doc = await ctx.payload.create({
    collection: ctx.kind.collection,
    data: { ...data, tenant: ctx.principal.tenant.id } as never,
    depth: 0,
    draft: Boolean(ctx.kind.drafts) && data._status !== 'published',
    ...(file ? { file } : {}),
    ...as(ctx.principal),
  })
  const location = `${partnerBasePath}/${ctx.principal.tenant.slug}/${ctx.kind.name}/${doc.id}`
  // Read back: hooks after the write (page breadcrumbs) may have completed the record.
  return json(ctx.kind.project(await findOwn(ctx, String(doc.id))), 201, { location })
}

const update = async (ctx: Context): Promise<Response> => {
  const id = ctx.id ?? ''
  const body = await readJsonObject({
    request: ctx.request,
    limit: readSettings().partnerBodyLimitBytes,
  })
  const current = await findOwn(ctx, id)
  if (body.id !== undefined && body.id !== id) {
    fail({
      status: 400,
      detail: 'The body\'s "id" differs from the one in the path.',
      errors: [{ field: 'id', message: 'Must equal the path id.' }],
    })
  }
  const { id: _ignored, ...data } = validateBody({ kind: ctx.kind, body, partial: true })
  await resolvePolymorphic({ ctx, data })
  const status = data._status ?? current._status
  const doc = await ctx.payload.update({
    collection: ctx.kind.collection,
    id,
    data: data as never,
    depth: 0,
    draft: Boolean(ctx.kind.drafts) && status !== 'published',
    ...as(ctx.principal),
  })
  return json(ctx.kind.project(doc as unknown as Record<string, unknown>), 200)
}

const remove = async (ctx: Context): Promise<Response> => {
  const id = ctx.id ?? ''
  await findOwn(ctx, id)
  await ctx.payload.delete({ collection: ctx.kind.collection, id, ...as(ctx.principal) })
  return new Response(null, { status: 204 })
}

const operations = { list, retrieve, create, update, delete: remove }

/** Every partner request: match the route table, authenticate, run the operation, answer. */
export const handlePartnerRequest = async ({
  request,
  segments,
}: {
  request: Request
  segments: string[]
}): Promise<Response> => {
  if (request.method === 'OPTIONS') return preflight(request)
  const cors = corsHeaders(request)
  let payload: Payload | undefined
  try {
    const found = matchRoute({ method: request.method, segments })
    if (!found)
      fail({
        status: 404,
        detail: `No partner operation at ${partnerBasePath}/${segments.join('/')}.`,
      })
    if (found && 'allowed' in found) {
      fail({
        status: 405,
        detail: `${request.method} is not available here. Allowed: ${found.allowed.join(', ')}.`,
        headers: { allow: found.allowed.join(', ') },
      })
    }
    const { route, params } = (
      found as { match: { route: Route; params: { tenant: string; id?: string } } }
    ).match
    payload = await getPayload({ config }).catch((err: unknown) => {
      throw toProblem({ err })
    })
    const principal = await authenticate({
      payload,
      authorization: request.headers.get('authorization'),
      tenantSlug: params.tenant,
      scope: route.scope,
      address: request.headers.get(clientAddressHeader) ?? 'unknown',
    })
    const kind = partnerKinds(payload).get(route.kind.name) as Kind
    const response = await operations[route.operation]({
      payload,
      route,
      kind,
      principal,
      request,
      ...(params.id ? { id: params.id } : {}),
    })
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
    return response
  } catch (err) {
    const problem = err instanceof PartnerProblem ? err : toProblem({ err, payload })
    return problemResponse({ problem: problem.problem, headers: { ...cors, ...problem.headers } })
  }
}
