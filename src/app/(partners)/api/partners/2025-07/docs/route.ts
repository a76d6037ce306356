import { serveDocsPage } from '@/plugins/partnerApi/openapi/docsPage'

/** The API reference: Swagger UI, bundled from npm, rendering the served document. */
export const dynamic = 'force-dynamic'

export const GET = serveDocsPage
