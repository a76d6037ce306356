import type { CollectionConfig, CollectionSlug } from 'payload'

import type { PartnerKindDeclaration } from '../types'

/** A declared kind with what its collection says of drafts and uploads. */
export type KindSpec = PartnerKindDeclaration & {
  collection: CollectionSlug
  drafts: boolean
  upload: boolean
  /** Lists take `search` (the collection keeps a `searchText`, `src/plugins/search.ts`). */
  searchable: boolean
}

const asList = (
  value: PartnerKindDeclaration | readonly PartnerKindDeclaration[] | undefined,
): readonly PartnerKindDeclaration[] =>
  value === undefined ? [] : 'path' in value ? [value] : value

/** Every partner kind the collections declare, in the order of the collections. */
export const declaredKinds = (collections: readonly CollectionConfig[]): KindSpec[] => {
  const kinds = collections.flatMap((collection) =>
    asList(collection.custom?.partner).map((declaration): KindSpec => ({
      ...declaration,
      collection: collection.slug as CollectionSlug,
      drafts: Boolean(
        collection.versions &&
        typeof collection.versions === 'object' &&
        collection.versions.drafts,
      ),
      upload: Boolean(collection.upload),
      searchable: collection.custom?.searchable === true,
    })),
  )
  for (const name of ['path', 'schema'] as const) {
    const seen = new Set<string>()
    for (const kind of kinds) {
      if (seen.has(kind[name]))
        throw new Error(`partner API: two kinds declare the ${name} "${kind[name]}"`)
      seen.add(kind[name])
    }
  }
  return kinds
}

/** Kept where the partner code and the plugins first found it; the facts live in collections/facts. */
export { collectionsDeclaring } from '../../../collections/facts'
