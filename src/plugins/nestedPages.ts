import { nestedDocsPlugin } from '@payloadcms/plugin-nested-docs'
import type { Field, Plugin, RelationshipFieldSingleValidation } from 'payload'
import { validations } from 'payload'

import { relationId, type RelationValue } from '../lib/relationId'

/**
 * A page's last breadcrumb names the page itself. On a create that brings its own id the page
 * is not stored yet when the breadcrumbs are validated, so that one reference is accepted as is.
 */
const selfOrExisting: RelationshipFieldSingleValidation = (value, args) => {
  // An update's stored id wins over an `id` a body may claim.
  const self = args.id ?? (args.data as { id?: unknown } | undefined)?.id
  if (value && self && relationId(value as RelationValue) === String(self)) return true
  return (validations.relationship as RelationshipFieldSingleValidation)(value, args)
}

const acceptOwnBreadcrumb = (field: Field): Field =>
  field.type === 'array' && field.name === 'breadcrumbs'
    ? {
        ...field,
        fields: field.fields.map((sub) =>
          sub.type === 'relationship' && sub.name === 'doc' && !sub.hasMany
            ? { ...sub, validate: selfOrExisting }
            : sub,
        ),
      }
    : field

/** Pages nest: `parent`, and `breadcrumbs` of `{ doc, url, label }` from the root down. */
export const nestedPages = (): Plugin => async (incoming) => {
  const config = await nestedDocsPlugin({
    collections: ['pages'],
    generateLabel: (_, doc) => String(doc.title ?? ''),
    generateURL: (docs) => docs.reduce((url, doc) => `${url}/${String(doc.slug ?? '')}`, ''),
  })(incoming)
  return {
    ...config,
    collections: (config.collections ?? []).map((collection) =>
      collection.slug === 'pages'
        ? {
            ...collection,
            // The plugin's own hook saves a new page again to give its last breadcrumb its id.
            custom: { ...collection.custom, resavedAfterCreate: true },
            fields: collection.fields.map(acceptOwnBreadcrumb),
          }
        : collection,
    ),
  }
}
