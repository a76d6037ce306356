import config from '@payload-config'

import { declaredKinds } from '../../src/plugins/partnerApi/exports/kinds'
import { routesOf } from '../../src/plugins/partnerApi/exports/openapi'

const sanitized = await config

/** The partner kinds the collections declare: the tests cover whatever is declared. */
export const kindSpecs = declaredKinds(sanitized.collections)

const kindPaths = new Set(kindSpecs.map((kind) => kind.path))
const routes = routesOf(sanitized)
/** A kind's own five: `/{tenant}/{kind}` and `/{tenant}/{kind}/{id}`, not routes below a record. */
const isRecordRoute = (path: string): boolean => {
  const parts = path.split('/')
  return kindPaths.has(parts[2] ?? '') && parts.length <= 4
}

/** The record kinds' routes of the running configuration: five per kind. */
export const partnerRoutes = routes
  .filter((route) => isRecordRoute(route.path))
  .map((route) => ({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    kind: { path: route.path.split('/')[2] ?? '' },
    successStatus: route.success.status,
    successLabel: route.success.description,
    errors: route.errors,
    /** Answers without a key too (a preview token's retrieve). */
    guest: route.guest !== undefined,
  }))

/** The routes the plugins contribute (the change feed, webhooks, scheduled changes). */
export const contributedRoutes = routes
  .filter((route) => !isRecordRoute(route.path))
  .map((route) => ({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    tag: route.tag.name,
  }))

/** Top-level field names of a collection, to fill only the references it has. */
export const fieldNamesOf = (collection: string): Set<string> =>
  new Set(
    (sanitized.collections.find((c) => c.slug === collection)?.flattenedFields ?? []).map(
      (f) => f.name,
    ),
  )
