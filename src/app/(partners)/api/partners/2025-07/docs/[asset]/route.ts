import { serveDocsAsset } from '@/plugins/partnerApi/exports/http'

/** The reference page's scripts and styles, from the installed swagger-ui-dist package. */
export const dynamic = 'force-dynamic'

export const GET = async (
  _request: Request,
  { params }: { params: Promise<{ asset: string }> },
): Promise<Response> => serveDocsAsset((await params).asset)
