import { nestedDocsPlugin } from '@payloadcms/plugin-nested-docs'
import type { Plugin } from 'payload'

/** Pages nest: `parent`, and `breadcrumbs` of `{ doc, url, label }` from the root down. */
export const nestedPages = (): Plugin =>
  nestedDocsPlugin({
    collections: ['pages'],
    generateLabel: (_, doc) => String(doc.title ?? ''),
    generateURL: (docs) => docs.reduce((url, doc) => `${url}/${String(doc.slug ?? '')}`, ''),
  })
