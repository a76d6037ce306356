import { readSettings } from '../../../lib/settings'

/** CORS for partner endpoints: the configured origins (PARTNER_CORS_ORIGINS, `*` by default). */
export const corsHeaders = (request: Request): Record<string, string> => {
  const origins = readSettings().partnerCorsOrigins
  const origin = request.headers.get('origin')
  const base = {
    'access-control-expose-headers': 'Location, Retry-After, ETag, WWW-Authenticate',
    vary: 'Origin',
  }
  if (origins.includes('*')) return { ...base, 'access-control-allow-origin': '*' }
  if (origin && origins.includes(origin)) return { ...base, 'access-control-allow-origin': origin }
  return base
}

export const preflight = (request: Request): Response =>
  new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request),
      'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type',
      'access-control-max-age': '600',
    },
  })
