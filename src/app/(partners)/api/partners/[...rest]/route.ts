import { problemOf, problemResponse } from '@/lib/problem'
import { apiVersion, partnerBasePath } from '@/plugins/partnerApi/exports/base'

/**
 * Anything under /api/partners/ that is not a version this server offers: a problem+json 404
 * that names the version there is, not Payload's REST answer for a collection called "partners".
 */
export const dynamic = 'force-dynamic'

const notHere = async (): Promise<Response> =>
  problemResponse({
    problem: problemOf({
      status: 404,
      detail: `No partner API here. This server offers version ${apiVersion} at ${partnerBasePath}.`,
    }),
  })

export const GET = notHere
export const POST = notHere
export const PATCH = notHere
export const DELETE = notHere
export const PUT = notHere
export const OPTIONS = notHere
