import config from '@payload-config'

import { registerDirectRoute } from '@/lib/directRoutes'
import { plainOf, responseOf } from '@/lib/plainHttp'
import { partnerBasePath, partnerOwnPaths } from '@/plugins/partnerApi/exports/base'
import { handlePartnerRequest } from '@/plugins/partnerApi/exports/http'

/** The partner API: every operation of the route table (src/plugins/partnerApi/routes/). */
export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ path: string[] }> }

const handle = async (request: Request, { params }: Context): Promise<Response> =>
  responseOf(
    await handlePartnerRequest({
      request: plainOf(request),
      segments: (await params).path,
      config,
    }),
  )

export const GET = handle
export const POST = handle
export const PATCH = handle
export const DELETE = handle
export const PUT = handle
export const OPTIONS = handle

// From now on server.ts hands this route's requests to the handler itself. Next sends
// `openapi` and `docs[/asset]` to their own folders, and a single segment is no operation.
registerDirectRoute({
  prefix: `${partnerBasePath}/`,
  methods: ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'],
  accepts: (segments) => segments.length >= 2 && !partnerOwnPaths.includes(segments[0] ?? ''),
  handler: ({ request, segments }) => handlePartnerRequest({ request, segments, config }),
})
