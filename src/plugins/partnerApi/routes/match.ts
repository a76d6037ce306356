import type { Method, PartnerRoute } from '../types'

/** A template's segments after the leading slash. */
const segmentsOf = (path: string): string[] => path.split('/').slice(1)

/** A template segment: a parameter's name, or the literal text it must be. */
type Part = { param: string } | { literal: string }

/** A route with its template parsed, and its place in the table (the order matches keep). */
type Template = { route: PartnerRoute; parts: Part[]; at: number }

const partOf = (segment: string): Part => {
  const name = /^\{(\w+)\}$/.exec(segment)?.[1]
  return name ? { param: name } : { literal: segment }
}

/**
 * A table's templates by segment count, then by the resource segment (the one after the
 * tenant) when it is literal, `*` when it is a parameter: a request tries only the few
 * templates that can fit it, not every route's.
 */
type Index = Map<number, Map<string, Template[]>>

const anyResource = '*'

const indexOf = (routes: readonly PartnerRoute[]): Index => {
  const index: Index = new Map()
  routes.forEach((route, at) => {
    const parts = segmentsOf(route.path).map(partOf)
    const resource = parts[1]
    const key = resource && 'literal' in resource ? resource.literal : anyResource
    const byResource = index.get(parts.length) ?? new Map<string, Template[]>()
    index.set(parts.length, byResource)
    byResource.set(key, [...(byResource.get(key) ?? []), { route, parts, at }])
  })
  return index
}

// Tables are built once per configuration (`routesOf`): their index is made once too.
const indexes = new WeakMap<readonly PartnerRoute[], Index>()

/** The templates that can fit a path of these segments, in table order. */
const templatesFor = (routes: readonly PartnerRoute[], segments: readonly string[]): Template[] => {
  let index = indexes.get(routes)
  if (!index) indexes.set(routes, (index = indexOf(routes)))
  const byResource = index.get(segments.length)
  if (!byResource) return []
  const named = byResource.get(segments[1] ?? '') ?? []
  const open = byResource.get(anyResource) ?? []
  if (open.length === 0) return named
  if (named.length === 0) return open
  return [...named, ...open].sort((a, b) => a.at - b.at)
}

/** The parameters of a path that fits the template (of the same length), or `undefined`. */
const fit = ({
  parts,
  segments,
}: {
  parts: readonly Part[]
  segments: readonly string[]
}): Record<string, string> | undefined => {
  const params: Record<string, string> = {}
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? ''
    if ('param' in part) params[part.param] = segment
    else if (part.literal !== segment) return undefined
  }
  return params
}

export type RouteMatch = {
  route: PartnerRoute
  params: Record<string, string> & { tenant: string }
}

/**
 * The route for a method and a path below the partner base (`['harbour', 'events', '…']`), or
 * the methods allowed at that path, or `undefined` when no route has it.
 */
export const matchRoute = ({
  routes,
  method,
  segments,
}: {
  routes: readonly PartnerRoute[]
  method: string
  segments: readonly string[]
}): { match: RouteMatch } | { allowed: Method[] } | undefined => {
  const candidates = templatesFor(routes, segments).flatMap(({ route, parts }) => {
    const params = fit({ parts, segments })
    return params?.tenant ? [{ route, params: { ...params, tenant: params.tenant } }] : []
  })
  if (candidates.length === 0) return undefined
  const match = candidates.find((c) => c.route.method === method)
  return match ? { match } : { allowed: candidates.map((c) => c.route.method) }
}

/** The first segment after the tenant: the resource a route's path names. */
export const resourceOf = (route: Pick<PartnerRoute, 'path'>): string =>
  segmentsOf(route.path)[1] ?? ''
