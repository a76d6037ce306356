import { seoPlugin } from '@payloadcms/plugin-seo'
import type { CollectionConfig, Field, Plugin } from 'payload'

import { collectionsDeclaring } from '../../collections/facts'
import { generateDescription, generateImage, generateTitle, generateURL } from './generate'
import { guardSeoEndpoints } from './guardEndpoints'
import { fillSeoDefaults } from './hooks/fillSeoDefaults'
import { namedHooks } from '../../lib/hookNames'

const isMeta = (field: Field): boolean => 'name' in field && field.name === 'meta'

/**
 * A collection that already has tabs gets the SEO group as a tab of its own; the plugin would
 * otherwise append it below the tabs, or (tabbedUI) nest the tabs inside a "Content" tab.
 */
const intoTab = (collection: CollectionConfig): CollectionConfig => {
  const meta = collection.fields.find(isMeta)
  const tabsAt = collection.fields.findIndex((field) => field.type === 'tabs')
  if (!meta || tabsAt < 0) return collection
  const fields = collection.fields.filter((field) => !isMeta(field))
  const tabs = fields[tabsAt]
  if (tabs?.type !== 'tabs') return collection
  fields[tabsAt] = { ...tabs, tabs: [...tabs.tabs, { label: 'SEO', fields: [meta] }] }
  return { ...collection, fields }
}

/**
 * SEO fields (`meta`: title, description, image, with the plugin's previews) on the collections
 * that declare `seo`, filled from the record until an editor writes them
 * (`hooks/fillSeoDefaults.ts`). Its generate endpoints read their bodies through
 * `guardEndpoints.ts`.
 */
export const seo = (): Plugin => (incoming) => {
  const declaring = collectionsDeclaring({ collections: incoming.collections ?? [], fact: 'seo' })
  const config = seoPlugin({
    collections: declaring,
    uploadsCollection: 'media',
    interfaceName: 'Seo',
    generateTitle,
    generateDescription,
    generateImage,
    generateURL,
  })(incoming)
  return {
    ...guardSeoEndpoints(config),
    collections: (config.collections ?? []).map((collection) =>
      (declaring as readonly string[]).includes(collection.slug)
        ? intoTab({
            ...collection,
            hooks: {
              ...collection.hooks,
              beforeChange: [
                ...(collection.hooks?.beforeChange ?? []),
                ...namedHooks({ fillSeoDefaults }),
              ],
            },
          })
        : collection,
    ),
  }
}
