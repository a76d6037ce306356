import type { CollectionConfig, Field, Plugin } from 'payload'

import { collectionsDeclaring } from './partnerApi/exports/kinds'

const fillAppliesTo = ({ field, targets }: { field: Field; targets: string[] }): Field =>
  'name' in field && field.name === 'appliesTo' && field.type === 'select'
    ? { ...field, options: targets.map((slug) => ({ label: slug, value: slug })) }
    : field

/**
 * A custom attribute may apply to every collection that declares `customAttributes`: the
 * options of `appliesTo` are made from those declarations, so a new kind needs no edit here.
 */
export const customAttributeTargets = (): Plugin => (config) => {
  const collections = config.collections ?? []
  const targets = collectionsDeclaring({ collections, fact: 'customAttributes' })
  return {
    ...config,
    collections: collections.map((collection): CollectionConfig =>
      collection.slug === 'custom-attributes'
        ? {
            ...collection,
            fields: collection.fields.map((field) => fillAppliesTo({ field, targets })),
          }
        : collection,
    ),
  }
}
