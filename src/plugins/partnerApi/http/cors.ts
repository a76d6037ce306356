import type { PlainAnswer, PlainRequest } from '../../../lib/plainHttp'

/** CORS for partner endpoints: the plugin's `corsOrigins` (`*` by default). */
export const corsHeaders = ({
  request,
  origins,
}: {
  request: PlainRequest
  origins: readonly string[]
}): Record<string, string> => {
  const origin = request.header('origin')
  const base = {
    'access-control-expose-headers': 'Location, Retry-After, ETag, WWW-Authenticate',
    vary: 'Origin',
  }
  if (origins.includes('*')) return { ...base, 'access-control-allow-origin': '*' }
  if (origin && origins.includes(origin)) return { ...base, 'access-control-allow-origin': origin }
  return base
}

export const preflight = (args: {
  request: PlainRequest
  origins: readonly string[]
}): PlainAnswer => ({
  status: 204,
  headers: {
    ...corsHeaders(args),
    'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': 'Authorization, Content-Type, If-Match, If-None-Match',
    'access-control-max-age': '600',
  },
  body: null,
})
