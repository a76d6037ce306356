import { handlePartnerRequest } from '@/plugins/partnerApi/http/handler'

/** The partner API: every operation of the route table (src/plugins/partnerApi/routes.ts). */
export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ path: string[] }> }

const handle = async (request: Request, { params }: Context): Promise<Response> =>
  handlePartnerRequest({ request, segments: (await params).path })

export const GET = handle
export const POST = handle
export const PATCH = handle
export const DELETE = handle
export const PUT = handle
export const OPTIONS = handle
