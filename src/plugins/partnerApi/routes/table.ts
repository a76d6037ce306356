import type { CollectionConfig, SanitizedConfig } from 'payload'

import { partnerOwnPaths } from '../defaults'
import { declaredKinds, type KindSpec } from '../kinds/declared'
import { partnerKinds } from '../kinds/model'
import { partnerOptions } from '../options'
import { resourceOf } from './match'
import { recordRoutes, type RecordKind } from './record'
import type { PartnerRoute } from '../types'

/**
 * Names a record kind's path may not take: what the contributed routes and the base use. A
 * contributed route below one record (`/{tenant}/events/{id}/jsonld`) takes no name: a record
 * kind's routes are never that deep, so it extends the kind instead of competing with it.
 */
export const reservedPaths = (contributed: readonly Pick<PartnerRoute, 'path'>[]): string[] => [
  ...new Set(contributed.filter((route) => route.path.split('/').length <= 4).map(resourceOf)),
  ...partnerOwnPaths,
]

/**
 * Whether an update can conflict (409): where a body can break a uniqueness rule (a slug, a
 * redirect's `from`, an attribute's `key`). A create always can, through a duplicate `id`.
 */
const updateConflicts = ({
  collection,
  writable,
}: {
  collection: CollectionConfig
  /** Top-level field names a body may set. */
  writable: readonly string[]
}): boolean =>
  [
    ...(collection.indexes ?? [])
      .filter((index) => index.unique)
      .flatMap((index) => index.fields.filter((name) => name !== 'tenant')),
    ...collection.fields.flatMap((field) =>
      'name' in field && 'unique' in field && field.unique === true ? [field.name] : [],
    ),
  ].some((name) => name !== 'id' && writable.includes(name))

/** A tag says what its records are: the collection's own description for editors, when it has one. */
const tagDescription = ({ kind, collection }: { kind: KindSpec; collection: CollectionConfig }) => {
  const described = collection.admin?.description
  const own = typeof described === 'string' ? `${described} ` : ''
  return `${own}Operations on ${kind.tag.toLowerCase()} of one tenant.`
}

const recordKinds = (config: SanitizedConfig): RecordKind[] => {
  const models = partnerKinds({ config })
  const { guestReads } = partnerOptions(config)
  return declaredKinds(config.collections).map((kind) => {
    const collection = config.collections.find((c) => c.slug === kind.collection)
    if (!collection) throw new Error(`partner kind: no collection ${kind.collection}`)
    const write = models.get(kind.path)?.write.properties
    return {
      ...kind,
      updateConflicts: updateConflicts({
        collection,
        writable: Object.keys(typeof write === 'object' && write !== null ? write : {}),
      }),
      description: tagDescription({ kind, collection }),
      ...(guestReads[kind.path] ? { guest: guestReads[kind.path] } : {}),
    }
  })
}

const tables = new WeakMap<SanitizedConfig, PartnerRoute[]>()

/**
 * Every partner route of a configuration: five per record kind, in the order the kinds are
 * declared, then those the plugins contributed (`partnerApi({ routes })`); built once. A kind
 * whose path a contributed route or the base already uses is a configuration error.
 */
export const routesOf = (config: SanitizedConfig): PartnerRoute[] => {
  let routes = tables.get(config)
  if (!routes) {
    const contributed = partnerOptions(config).routes
    const reserved = reservedPaths(contributed)
    const kinds = recordKinds(config)
    for (const kind of kinds)
      if (reserved.includes(kind.path))
        throw new Error(`partner API: "${kind.path}" is reserved and cannot be a kind's path`)
    routes = [...recordRoutes(kinds), ...contributed]
    tables.set(config, routes)
  }
  return routes
}
