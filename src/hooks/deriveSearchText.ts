import type { CollectionBeforeChangeHook, Field, PayloadRequest } from 'payload'

import {
  defaultSearchLanguage,
  isSearchLanguage,
  searchTextMaxLength,
  type SearchLanguage,
} from '../lib/searchLanguages'
import { tenantSettings } from '../db/tenantSettings'

import { eachFieldValue } from '../fields/fieldValues'
import { richTextText } from '../fields/richTextText'

/** The words of every title, long text and rich text in `data`, wherever they are nested. */
const wordsOf = ({ fields, data }: { fields: Field[]; data: unknown }): string[] => {
  const out: string[] = []
  eachFieldValue({
    fields,
    data,
    visit: ({ field, holder }) => {
      // Hidden fields (the search text itself among them) are no one's words.
      if ('hidden' in field && field.hidden) return 'skip'
      const value = holder[field.name]
      if (field.type === 'richText') out.push(richTextText(value))
      else if ((field.type === 'textarea' || field.name === 'title') && typeof value === 'string')
        out.push(value)
    },
  })
  return out
}

/**
 * `searchText`: what full-text search reads, kept beside the record on every save (drafts
 * too), so a search is one indexed condition rather than a walk of every record's rich text.
 */
export const deriveSearchText: CollectionBeforeChangeHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const merged = { ...originalDoc, ...data }
  data.searchText = wordsOf({ fields: collection.fields, data: merged })
    .filter(Boolean)
    .join('\n')
    .slice(0, searchTextMaxLength)
  data.searchLanguage = await tenantLanguage({ req, tenant: merged.tenant })
  return data
}

/** The language the tenant writes in; the default for a record without one. */
const tenantLanguage = async ({
  req,
  tenant,
}: {
  req: PayloadRequest
  tenant: unknown
}): Promise<SearchLanguage> => {
  const id = tenant && typeof tenant === 'object' ? (tenant as { id?: unknown }).id : tenant
  if (typeof id !== 'string') return defaultSearchLanguage
  const language = (await tenantSettings({ req, tenantId: id }))?.language
  return isSearchLanguage(language) ? language : defaultSearchLanguage
}
