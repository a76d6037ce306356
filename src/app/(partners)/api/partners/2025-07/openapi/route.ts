import config from '@payload-config'

import { serveOpenApi } from '@/plugins/partnerApi/exports/http'

/** The partner API's OpenAPI document, generated from the running code (src/plugins/partnerApi/openapi). */
export const dynamic = 'force-dynamic'

const serve = (request: Request): Promise<Response> => serveOpenApi({ request, config })

export const GET = serve
export const OPTIONS = serve
