import type { CollectionConfig, Plugin } from 'payload'

import { collectionsDeclaring } from '../collections/facts'
import { searchLanguages, searchTextMaxLength } from '../lib/searchLanguages'

import { deriveSearchText } from '../hooks/deriveSearchText'
import { namedHooks } from '../lib/hookNames'

/** The hidden column full-text search reads (`deriveSearchText`). */
export const searchTextField = 'searchText'

/** The record's tenant's language, kept beside the text: each language has its own index. */
export const searchLanguageField = 'searchLanguage'

/** The collections full-text search covers: those that declare `searchable`. */
export const searchableCollections = (collections: readonly CollectionConfig[]): string[] =>
  collectionsDeclaring({ collections, fact: 'searchable' })

/**
 * Full-text search over the collections that declare `custom.searchable`: a hidden
 * `searchText` kept on every save, indexed for PostgreSQL's full-text search per language
 * (`searchIndexes.ts` declares the indexes in the schema, so migrations write them). The partner
 * API's `search` parameter reads it.
 */
export const search = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) =>
    collection.custom?.searchable === true
      ? {
          ...collection,
          fields: [
            ...collection.fields,
            {
              name: searchTextField,
              type: 'textarea',
              maxLength: searchTextMaxLength,
              hidden: true,
              admin: { disabled: true },
            },
            {
              name: searchLanguageField,
              type: 'select',
              options: searchLanguages.map(({ value }) => value),
              hidden: true,
              admin: { disabled: true },
            },
          ],
          hooks: {
            ...collection.hooks,
            beforeChange: [
              ...(collection.hooks?.beforeChange ?? []),
              ...namedHooks({ deriveSearchText }),
            ],
          },
        }
      : collection,
  ),
})
