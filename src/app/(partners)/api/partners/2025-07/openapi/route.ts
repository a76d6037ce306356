import { serveOpenApi } from '@/plugins/partnerApi/exports/http'

/** The partner API's OpenAPI document, generated from the running code (src/plugins/partnerApi/openapi). */
export const dynamic = 'force-dynamic'

export const GET = serveOpenApi
export const OPTIONS = serveOpenApi
