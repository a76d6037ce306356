import type { SanitizedCollectionConfig, SanitizedConfig } from 'payload'

import { declaredKinds, type KindSpec } from './kinds/declared'

export type Operation = 'list' | 'retrieve' | 'create' | 'update' | 'delete'
export type Scope = 'read' | 'write'
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** One partner operation: what the dispatcher serves and what the OpenAPI document says. */
export type Route = {
  method: Method
  /** Path under the partner base, OpenAPI style: `/{tenant}/events/{id}`. */
  path: string
  kind: KindSpec
  operation: Operation
  scope: Scope
  operationId: string
  summary: string
  /** The spec's response labels. */
  successLabel: string
  successStatus: 200 | 201 | 204
  /** Error statuses this route can answer, each documented with the problem schema. */
  errors: number[]
}

const camel = (name: string): string =>
  name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/^./, (c) => c.toUpperCase())

const common = [401, 403, 429, 503]

const operationShapes: Record<
  Operation,
  Pick<Route, 'method' | 'scope' | 'successLabel' | 'successStatus'> & {
    item: boolean
    errors: number[]
    verb: string
  }
> = {
  list: {
    method: 'GET',
    scope: 'read',
    successLabel: 'Successful response',
    successStatus: 200,
    item: false,
    errors: [400, ...common],
    verb: 'List',
  },
  retrieve: {
    method: 'GET',
    scope: 'read',
    successLabel: 'Successful response',
    successStatus: 200,
    item: true,
    errors: [400, ...common, 404],
    verb: 'Get',
  },
  create: {
    method: 'POST',
    scope: 'write',
    successLabel: 'Created',
    successStatus: 201,
    item: false,
    errors: [400, ...common, 409, 413, 415],
    verb: 'Create',
  },
  update: {
    method: 'PATCH',
    scope: 'write',
    successLabel: 'Updated',
    successStatus: 200,
    item: true,
    errors: [400, ...common, 404, 409, 412, 413, 415],
    verb: 'Update',
  },
  delete: {
    method: 'DELETE',
    scope: 'write',
    successLabel: 'Deleted',
    successStatus: 204,
    item: true,
    errors: [...common, 404, 412],
    verb: 'Delete',
  },
}

const article = ({ operation, noun }: { operation: Operation; noun: string }): string =>
  operation === 'list' ? '' : operation !== 'create' ? 'one ' : /^[aeiou]/.test(noun) ? 'an ' : 'a '

const operations: Operation[] = ['list', 'create', 'retrieve', 'update', 'delete']

/** Every partner operation: five per record kind, in the order the kinds are declared. */
export const routesFor = (kinds: readonly KindSpec[]): Route[] =>
  kinds.flatMap((kind) =>
    operations.map((operation): Route => {
      const shape = operationShapes[operation]
      const path = `/{tenant}/${kind.path}${shape.item ? '/{id}' : ''}`
      const noun =
        operation === 'list'
          ? kind.tag.toLowerCase()
          : kind.schema.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
      return {
        method: shape.method,
        path,
        kind,
        operation,
        scope: shape.scope,
        operationId: `${operation}${camel(kind.path)}`,
        summary: `${shape.verb} ${article({ operation, noun })}${noun}`,
        successLabel: shape.successLabel,
        successStatus: shape.successStatus,
        errors: shape.errors,
      }
    }),
  )

/**
 * The error statuses one route answers for its collection: an update conflicts (409) only where
 * a body can break a uniqueness rule (a slug, a redirect's `from`, an attribute's `key`); a
 * create always can, through a duplicate `id`.
 */
export const routeErrors = ({
  route,
  collection,
  writable,
}: {
  route: Route
  collection: SanitizedCollectionConfig
  /** Top-level field names a body may set. */
  writable: string[]
}): number[] => {
  const uniqueNames = [
    ...(collection.indexes ?? [])
      .filter((index) => index.unique)
      .flatMap((index) => index.fields.filter((name) => name !== 'tenant')),
    ...collection.fields.flatMap((field) =>
      'name' in field && 'unique' in field && field.unique === true ? [field.name] : [],
    ),
  ]
  const canConflict = uniqueNames.some((name) => name !== 'id' && writable.includes(name))
  return route.operation === 'update' && !canConflict
    ? route.errors.filter((status) => status !== 409)
    : route.errors
}

export type RouteMatch = { route: Route; params: { tenant: string; id?: string } }

/** Finds the route for a method and a path below the partner base (`/harbour/events/…`). */
export const matchRoute = ({
  routes,
  method,
  segments,
}: {
  routes: readonly Route[]
  method: string
  segments: readonly string[]
}): { match: RouteMatch } | { allowed: Method[] } | undefined => {
  const [tenant, kindName, id, ...rest] = segments
  if (!tenant || !kindName || rest.length > 0) return undefined
  const candidates = routes.filter(
    (r) => r.kind.path === kindName && r.path.endsWith('{id}') === (id !== undefined),
  )
  if (candidates.length === 0) return undefined
  const route = candidates.find((r) => r.method === method)
  if (!route) return { allowed: candidates.map((r) => r.method) }
  return { match: { route, params: { tenant, ...(id !== undefined ? { id } : {}) } } }
}

const tables = new WeakMap<SanitizedConfig, Route[]>()

/** The route table of a configuration, from the kinds its collections declare; built once. */
export const routesOf = (config: SanitizedConfig): Route[] => {
  let routes = tables.get(config)
  if (!routes) {
    routes = routesFor(declaredKinds(config.collections))
    tables.set(config, routes)
  }
  return routes
}
