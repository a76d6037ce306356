import type { Method, PartnerRoute } from '../types'

/** A template's segments after the leading slash. */
const segmentsOf = (path: string): string[] => path.split('/').slice(1)

/** The parameters of a path that fits the template, or `undefined`. */
const fit = ({
  template,
  segments,
}: {
  template: readonly string[]
  segments: readonly string[]
}): Record<string, string> | undefined => {
  if (template.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, part] of template.entries()) {
    const segment = segments[i] ?? ''
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    if (name) params[name] = segment
    else if (part !== segment) return undefined
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
  const candidates = routes.flatMap((route) => {
    const params = fit({ template: segmentsOf(route.path), segments })
    return params?.tenant ? [{ route, params: { ...params, tenant: params.tenant } }] : []
  })
  if (candidates.length === 0) return undefined
  const match = candidates.find((c) => c.route.method === method)
  return match ? { match } : { allowed: candidates.map((c) => c.route.method) }
}

/** The first segment after the tenant: the resource a route's path names. */
export const resourceOf = (route: Pick<PartnerRoute, 'path'>): string =>
  segmentsOf(route.path)[1] ?? ''
