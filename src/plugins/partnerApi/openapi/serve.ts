import type { OpenAPIV2, OpenAPIV3 } from 'openapi-types'
import { getPayload, type SanitizedConfig } from 'payload'

import { etagOf } from '../../../lib/etag'
import { problemOf, problemResponse } from '../../../lib/problem'
import { readSettings } from '../../../lib/settings'
import { buildOpenApi31, type OpenApiDocument } from './build31'
import { toOpenApi30 } from './convert30'
import { toSwagger20 } from './convert20'

export const formats = ['openapi3.1', 'openapi3.0', 'swagger2.0'] as const
type Format = (typeof formats)[number]

const builders: Record<
  Format,
  (doc31: OpenApiDocument) => OpenApiDocument | OpenAPIV3.Document | OpenAPIV2.Document
> = {
  'openapi3.1': (doc) => doc,
  'openapi3.0': toOpenApi30,
  'swagger2.0': toSwagger20,
}

/** Built once per process and configuration, then served from memory. */
let cache:
  | { config: unknown; serverUrl: string; bodies: Map<Format, { body: string; etag: string }> }
  | undefined

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
}

/** The document of `config`, which the route module passes: the plugin never imports it. */
export const serveOpenApi = async ({
  request,
  config,
}: {
  request: Request
  config: Promise<SanitizedConfig>
}): Promise<Response> => {
  if (request.method === 'OPTIONS')
    return new Response(null, {
      status: 204,
      headers: { ...cors, 'access-control-max-age': '600' },
    })
  const requested = new URL(request.url).searchParams.get('format') ?? 'openapi3.1'
  const format = formats.find((known) => known === requested)
  if (!format) {
    return problemResponse({
      problem: problemOf({
        status: 400,
        detail: `Unknown format "${requested}". Allowed: ${formats.join(', ')} (or none, for openapi3.1).`,
        errors: [{ field: 'format', message: `One of: ${formats.join(', ')}.` }],
      }),
      headers: cors,
    })
  }
  const payload = await getPayload({ config })
  const { serverUrl } = readSettings()
  if (cache?.config !== payload.config || cache.serverUrl !== serverUrl) {
    cache = { config: payload.config, serverUrl, bodies: new Map() }
  }
  let entry = cache.bodies.get(format)
  if (!entry) {
    const body = JSON.stringify(
      builders[format](buildOpenApi31({ config: payload.config, serverUrl })),
    )
    entry = { body, etag: etagOf(body) }
    cache.bodies.set(format, entry)
  }
  const headers = {
    ...cors,
    etag: entry.etag,
    'cache-control': 'public, max-age=300',
    'content-type': 'application/json',
  }
  if (request.headers.get('if-none-match') === entry.etag)
    return new Response(null, { status: 304, headers })
  return new Response(entry.body, { status: 200, headers })
}
