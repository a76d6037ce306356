/** CORS for partner endpoints: the plugin's `corsOrigins` (`*` by default). */
export const corsHeaders = ({
  request,
  origins,
}: {
  request: Request
  origins: readonly string[]
}): Record<string, string> => {
  const origin = request.headers.get('origin')
  const base = {
    'access-control-expose-headers': 'Location, Retry-After, ETag, WWW-Authenticate',
    vary: 'Origin',
  }
  if (origins.includes('*')) return { ...base, 'access-control-allow-origin': '*' }
  if (origin && origins.includes(origin)) return { ...base, 'access-control-allow-origin': origin }
  return base
}

export const preflight = (args: { request: Request; origins: readonly string[] }): Response =>
  new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(args),
      'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type, If-Match, If-None-Match',
      'access-control-max-age': '600',
    },
  })
