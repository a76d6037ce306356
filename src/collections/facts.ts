import type { CollectionCustom, CollectionSlug } from 'payload'

declare module 'payload' {
  /** This project's facts about a collection, each read by the code that owns the rule. */
  export interface CollectionCustom {
    /** Records belong to one tenant: scoped by the multi-tenant plugin, guarded by tenantIntegrity. */
    tenantOwned?: boolean
    /** A redirect may point at records of this collection. */
    redirectTarget?: boolean
    /** Custom attributes may apply to records of this collection (`appliesTo`). */
    customAttributes?: boolean
    /** A link in rich text may point at records of this collection: they have a public `url`. */
    linkable?: boolean
    /** Records get SEO fields (`meta`), filled from the record until an editor writes them. */
    seo?: boolean
    /** Full-text search covers the collection: a hidden text column, indexed per language. */
    searchable?: boolean
    /**
     * A hook saves the record again after its create (a page's own breadcrumb): what the create
     * returned is then not what is stored, and a caller answering it reads it back.
     */
    resavedAfterCreate?: boolean
    /**
     * Records of these collections that point at the record by `field` go with it (a hook of the
     * collection deletes them): a delete takes their rows before the record's (`lockRecord`), in
     * the order a write of one of them takes the two.
     */
    deletesWith?: readonly { collection: CollectionSlug; field: string }[]
  }
}

/**
 * Every fact a collection may declare in `custom`, and nothing else: written
 * `custom: { … } satisfies CollectionFacts`, a misspelt fact fails to compile (Payload's own
 * `CollectionCustom` takes any key).
 */
export type CollectionFacts = {
  [K in keyof CollectionCustom as string extends K ? never : K]: CollectionCustom[K]
}

/** The facts that are a plain yes or no. */
export type CollectionFlag = {
  [K in keyof CollectionFacts]-?: NonNullable<CollectionFacts[K]> extends boolean ? K : never
}[keyof CollectionFacts]

/** The slugs of the collections that declare `fact`, in the configuration's order. */
export const collectionsDeclaring = ({
  collections,
  fact,
}: {
  collections: readonly { slug: string; custom?: CollectionCustom }[]
  fact: CollectionFlag
}): CollectionSlug[] =>
  // The slugs come from the configuration itself, which is what CollectionSlug names.
  collections.filter((c) => c.custom?.[fact] === true).map((c) => c.slug as CollectionSlug)
