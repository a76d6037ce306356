import type { Block, CollectionConfig, Field, Plugin } from 'payload'

/** Letters Payload's automatic labels spell as words ("Url", "U R L"), as editors write them. */
const acronyms: Readonly<Record<string, string>> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  urls: 'URLs',
  iso: 'ISO',
  api: 'API',
  html: 'HTML',
  json: 'JSON',
  seo: 'SEO',
}

/**
 * A field name as words: `bookingLinkURL` → "Booking link URL", `showTimeId` → "Show time ID",
 * `src_opengraph` → "Src opengraph". The first word capitalised, the others as in a sentence.
 */
export const plainLabel = (name: string): string => {
  const words = name
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
  return words
    .map((word, i) => {
      const acronym = acronyms[word.toLowerCase()]
      if (acronym) return acronym
      if (/^[A-Z0-9]+$/.test(word) && word.length > 1) return word
      const lower = word.toLowerCase()
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower
    })
    .join(' ')
}

const labelled = (fields: readonly Field[]): Field[] =>
  fields.map((field): Field => {
    let next: Field = field
    if ('name' in field && field.name && !('label' in field && field.label !== undefined))
      next = { ...next, label: plainLabel(field.name) } as Field
    if (next.type === 'tabs')
      return { ...next, tabs: next.tabs.map((tab) => ({ ...tab, fields: labelled(tab.fields) })) }
    if (next.type === 'blocks')
      return {
        ...next,
        blocks: next.blocks.map((block: Block) => ({ ...block, fields: labelled(block.fields) })),
      }
    if ('fields' in next && Array.isArray(next.fields))
      return { ...next, fields: labelled(next.fields) } as Field
    return next
  })

/**
 * Labels in plain words for every field that has none: Payload's own split every capital
 * ("Booking Link U R L") and capitalised every word. A field's own label always wins.
 */
export const plainLabels = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection): CollectionConfig => ({
    ...collection,
    fields: labelled(collection.fields),
  })),
})
