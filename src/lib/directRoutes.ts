import type { PlainAnswer, PlainRequest } from './plainHttp'

/**
 * Routes server.ts may serve without going through Next's router. A Next route module
 * registers its handler here when Next first loads it; from then on server.ts hands matching
 * requests straight to that same handler, in the same module instance (so the same Payload,
 * caches and counters), and Next's own routing, which measured 2.5–3 ms a request and turns on
 * async-context tracking for every request, is skipped. Until a route is registered its
 * requests go through Next as before, so the answers cannot differ.
 */
export type DirectHandler = (args: {
  request: PlainRequest
  segments: string[]
}) => Promise<Response | PlainAnswer>

type DirectRoute = {
  /** A path prefix ending in `/`. */
  prefix: string
  /**
   * Methods the Next route exports that are served directly; anything else stays with Next.
   * HEAD only with `streams`: a buffered answer takes its Content-Length from its body, and a
   * HEAD answer has none.
   */
  methods: readonly string[]
  /** Whether Next would send these segments (after the prefix, decoded) to this route. */
  accepts: (segments: string[]) => boolean
  handler: DirectHandler
  /**
   * Answers of any size (files): their bodies are sent as they are read, with the Content-Length
   * the handler sets, rather than buffered and measured.
   */
  streams?: boolean
}

// One registry per process: server.ts and Next's bundle load this file as different modules.
const registryKey = Symbol.for('arts-cms.directRoutes')
const registry = (): Map<string, DirectRoute> => {
  const holder = globalThis as { [registryKey]?: Map<string, DirectRoute> }
  holder[registryKey] ??= new Map()
  return holder[registryKey]
}

export const registerDirectRoute = (route: DirectRoute): void => {
  if (route.methods.includes('HEAD') && !route.streams) {
    throw new Error(`${route.prefix}: HEAD is served directly only by a route that streams`)
  }
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
}): { handler: DirectHandler; segments: string[]; streams: boolean } | undefined => {
  const pathname = url.split('?')[0] ?? ''
  for (const route of registry().values()) {
    if (!pathname.startsWith(route.prefix) || !route.methods.includes(method)) continue
    const rest = pathname.slice(route.prefix.length)
    // Next redirects a trailing slash and normalises empty segments: leave those to it.
    if (rest === '' || rest.endsWith('/') || rest.includes('//')) return undefined
    const segments = decoded(rest)
    return segments && route.accepts(segments)
      ? { handler: route.handler, segments, streams: route.streams ?? false }
      : undefined
  }
  return undefined
}
