import { serveDocsPage } from '@/plugins/partnerApi/exports/http'

/** The API reference: Swagger UI, bundled from npm, rendering the served document. */
export const dynamic = 'force-dynamic'

export const GET = serveDocsPage
