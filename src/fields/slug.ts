import type { CheckboxField, FieldHook, PayloadRequest, TextField, Validate, Where } from 'payload'

import { noteConflict } from '../lib/uniquenessConflicts'
import { relationId, type RelationValue } from '../lib/relationId'
import { slugify } from './slugify'

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * While `slugLock` is on (the default) the slug follows the title; with it off, the given slug
 * is kept (normalised). Runs before validation so a locked slug is never "required" missing.
 */
const deriveSlug =
  ({ source }: { source: string }): FieldHook =>
  ({ value, data, originalDoc }) => {
    const locked = (data?.slugLock ?? originalDoc?.slugLock ?? true) !== false
    if (locked) {
      const title = data?.[source] ?? originalDoc?.[source]
      return typeof title === 'string' && title.trim() ? slugify(title) : value
    }
    return typeof value === 'string' ? slugify(value) || value : value
  }

/**
 * Whether another record of the same tenant already holds `value` in `field`; a taken value is
 * noted on the request as a conflict (see uniquenessConflicts.ts).
 */
export const isTakenInTenant = async ({
  req,
  collection,
  field,
  value,
  tenant,
  id,
}: {
  req: PayloadRequest
  collection: string
  field: string
  value: string
  tenant: string
  id: string | number | undefined
}): Promise<boolean> => {
  const where: Where = {
    and: [
      { [field]: { equals: value } },
      { tenant: { equals: tenant } },
      ...(id ? [{ id: { not_equals: id } }] : []),
    ],
  }
  const query = {
    collection: collection as 'events',
    where,
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  } as const
  // A saved draft holds its slug too: the main table keeps only the published value.
  const drafts = Boolean(req.payload.collections[collection as 'events']?.config.versions?.drafts)
  const taken =
    (await req.payload.find(query)).docs.length > 0 ||
    (drafts && (await req.payload.find({ ...query, draft: true })).docs.length > 0)
  if (taken) noteConflict({ req, field })
  return taken
}

export const tenantOf = ({
  data,
  siblingData,
}: {
  data: unknown
  siblingData: unknown
}): string | undefined =>
  relationId(
    ((data as Record<string, unknown>)?.tenant ??
      (siblingData as Record<string, unknown>)?.tenant) as RelationValue,
  )

/** A slug-shaped value (lowercase, digits, hyphens), unique within the record's tenant. */
export const uniquePerTenant =
  ({
    collection,
    field = 'slug',
  }: {
    collection: string
    field?: string
  }): Validate<string | null | undefined> =>
  async (value, { data, id, req, siblingData }) => {
    if (typeof value !== 'string' || !value) return `A ${field} is required.`
    if (!slugPattern.test(value)) {
      return 'Use lowercase letters, digits and single hyphens (for example "hamlet-2026").'
    }
    const tenant = tenantOf({ data, siblingData })
    if (!tenant) return true
    return (await isTakenInTenant({ req, collection, field, value, tenant, id }))
      ? `The ${field} "${value}" is already used in this tenant.`
      : true
  }

export const slugFields = ({
  collection,
  source = 'title',
}: {
  collection: string
  source?: string
}): [TextField, CheckboxField] => [
  {
    name: 'slug',
    type: 'text',
    index: true,
    // Not `required` in the schema: it is derived from the title, and the validator below
    // still refuses a record that ends up without one.
    maxLength: 120,
    validate: uniquePerTenant({ collection }),
    hooks: { beforeValidate: [deriveSlug({ source })] },
    admin: {
      position: 'sidebar',
      description: 'Made from the title while "Lock slug" is on. Unique within the tenant.',
    },
  },
  {
    name: 'slugLock',
    type: 'checkbox',
    label: 'Lock slug to title',
    defaultValue: true,
    admin: { position: 'sidebar' },
  },
]
