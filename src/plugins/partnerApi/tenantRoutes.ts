import type { Method, Scope } from './routes'

/**
 * Operations on a tenant as a whole rather than on one record kind. Their names are reserved:
 * no record kind may take them as its path.
 */
export type TenantRoute = {
  name: 'changes'
  method: Method
  path: string
  operationId: string
  summary: string
  description: string
  scope: Scope
  errors: number[]
}

export const tenantRoutes: readonly TenantRoute[] = [
  {
    name: 'changes',
    method: 'GET',
    path: '/{tenant}/changes',
    operationId: 'listChanges',
    summary: 'List changes',
    description:
      "Every create, update, publish, unpublish and delete of the tenant's records, oldest first, whatever made it (the admin, this API, an import). Mirror a tenant by reading each kind in full once, then following this feed: pass the `next` of each answer as `after`. Deletions are entries too. A cursor older than the retention answers 410: read everything again.",
    scope: 'read',
    errors: [400, 401, 403, 410, 429, 503],
  },
]

/** Names a record kind's path may not take. */
export const reservedPaths: readonly string[] = [
  ...tenantRoutes.map((route) => route.name),
  'webhooks',
  'openapi',
  'docs',
]

/** The tenant route for a path below the partner base, or the methods allowed there. */
export const matchTenantRoute = ({
  method,
  segments,
}: {
  method: string
  segments: readonly string[]
}): { route: TenantRoute; tenant: string } | { allowed: Method[] } | undefined => {
  const [tenant, name, ...rest] = segments
  if (!tenant || !name || rest.length > 0) return undefined
  const candidates = tenantRoutes.filter((route) => route.name === name)
  if (candidates.length === 0) return undefined
  const route = candidates.find((r) => r.method === method)
  return route ? { route, tenant } : { allowed: candidates.map((r) => r.method) }
}
