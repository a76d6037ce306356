import { redirectsPlugin } from '@payloadcms/plugin-redirects'
import type { Field, FieldHook, Plugin, TextField, Validate } from 'payload'

import { contentAccess } from '../../access/content'
import { isTakenInTenant, tenantOf } from '../../fields/slug'
import { normalisePath } from './normalisePath'
import { collectionsDeclaring, type CollectionFacts } from '../facts'

const normaliseFrom: FieldHook = ({ value }) =>
  typeof value === 'string' && value.trim() ? normalisePath(value) : value

const uniqueFromPerTenant: Validate<string | null | undefined> = async (value, options) => {
  if (typeof value !== 'string' || !value) return 'The path to redirect from is required.'
  if (value.length > 2000) return 'The path is too long.'
  const { id, req } = options
  const tenant = tenantOf(options)
  if (!tenant) return true
  return (await isTakenInTenant({ req, collection: 'redirects', field: 'from', value, tenant, id }))
    ? `A redirect from "${value}" already exists in this tenant.`
    : true
}

const validateCustomUrl: Validate<string | null | undefined> = (value, { siblingData }) => {
  if ((siblingData as { type?: string })?.type !== 'custom') return true
  if (typeof value !== 'string' || !value.trim()) return 'A custom redirect needs a URL.'
  if (value.startsWith('/')) return true
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? true
      : 'Use an http(s) URL or a path.'
  } catch {
    return 'Use an http(s) URL or a path starting with "/".'
  }
}

const adaptFields = ({ defaultFields }: { defaultFields: Field[] }): Field[] =>
  defaultFields.map((field) => {
    if ('name' in field && field.name === 'from') {
      return {
        ...(field as TextField),
        unique: false,
        validate: uniqueFromPerTenant,
        hooks: { beforeValidate: [normaliseFrom] },
        admin: { description: 'Stored normalised: "/Whats-On/" becomes "/whats-on".' },
      } as TextField
    }
    if ('name' in field && field.name === 'to' && field.type === 'group') {
      return {
        ...field,
        fields: field.fields.map((sub) =>
          'name' in sub && sub.name === 'url'
            ? ({ ...sub, validate: validateCustomUrl } as Field)
            : sub,
        ),
      }
    }
    return field
  })

/** Tenant-owned, and a partner kind; the spec's "posts" are this CMS's blog posts (`blogs`). */
const custom = {
  tenantOwned: true,
  partner: {
    path: 'redirects',
    schema: 'Redirect',
    tag: 'Redirects',
  },
} satisfies CollectionFacts

/** Redirects may point at every collection that declares itself a `redirectTarget`. */
export const redirects = (): Plugin => (config) =>
  redirectsPlugin({
    collections: collectionsDeclaring({
      collections: config.collections ?? [],
      fact: 'redirectTarget',
    }),
    overrides: {
      labels: { singular: 'Redirect', plural: 'Redirects' },
      admin: {
        group: 'Site',
        useAsTitle: 'from',
        defaultColumns: ['from', 'to.type', 'updatedAt'],
      },
      access: contentAccess,
      custom,
      indexes: [{ fields: ['from', 'tenant'], unique: true }],
      fields: adaptFields,
    },
  })(config)
