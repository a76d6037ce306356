/**
 * Routes server.ts may serve without going through Next's router. A Next route module
 * registers its handler here when Next first loads it; from then on server.ts hands matching
 * requests straight to that same handler, in the same module instance (so the same Payload,
 * caches and counters), and Next's own routing, which measured 2.5–3 ms a request and turns on
 * async-context tracking for every request, is skipped. Until a route is registered its
 * requests go through Next as before, so the answers cannot differ.
 */
export type DirectHandler = (args: { request: Request; segments: string[] }) => Promise<Response>

type DirectRoute = {
  /** A path prefix ending in `/`. */
  prefix: string
  /** The methods the Next route exports; anything else (HEAD) stays with Next. */
  methods: readonly string[]
  /** Whether Next would send these segments (after the prefix, decoded) to this route. */
  accepts: (segments: string[]) => boolean
  handler: DirectHandler
}

// One registry per process: server.ts and Next's bundle load this file as different modules.
const registryKey = Symbol.for('arts-cms.directRoutes')
const registry = (): Map<string, DirectRoute> => {
  const holder = globalThis as { [registryKey]?: Map<string, DirectRoute> }
  holder[registryKey] ??= new Map()
  return holder[registryKey]
}

export const registerDirectRoute = (route: DirectRoute): void => {
  registry().set(route.prefix, route)
}

const decoded = (raw: string): string[] | undefined => {
  try {
    return raw.split('/').map((segment) => decodeURIComponent(segment))
  } catch {
    return undefined
  }
}

/** The registered handler and segments for a request, or nothing: then Next serves it. */
export const directRouteFor = ({
  method,
  url,
}: {
  method: string
  url: string
}): { handler: DirectHandler; segments: string[] } | undefined => {
  const pathname = url.split('?')[0] ?? ''
  for (const route of registry().values()) {
    if (!pathname.startsWith(route.prefix) || !route.methods.includes(method)) continue
    const rest = pathname.slice(route.prefix.length)
    // Next redirects a trailing slash and normalises empty segments: leave those to it.
    if (rest === '' || rest.endsWith('/') || rest.includes('//')) return undefined
    const segments = decoded(rest)
    return segments && route.accepts(segments) ? { handler: route.handler, segments } : undefined
  }
  return undefined
}
