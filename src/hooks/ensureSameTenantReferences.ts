import type { CollectionBeforeChangeHook, Field, Payload } from 'payload'
import { ValidationError } from 'payload'

import { recordTenants } from '../db/recordTenants'
import { linkableCollections } from '../fields/richText'
import { relationId, type RelationValue } from '../lib/relationId'
import { eachFieldValue } from '../fields/fieldValues'
import { richTextReferences } from '../fields/richTextReferences'
import { tenantMovedTo } from './tenantMove'

/** `allowed`: where the field may point at all (rich text names its own collections). */
type Reference = { path: string; collection: string; id: string; allowed?: readonly string[] }

const isTenantScoped = ({ payload, slug }: { payload: Payload; slug: string }): boolean =>
  Boolean(
    payload.collections[slug as 'events']?.config.flattenedFields.some((f) => f.name === 'tenant'),
  )

/** Every relationship and upload value in `data`, with its path, wherever the field is nested. */
export const collectReferences = ({
  fields,
  data,
  linkable,
}: {
  fields: Field[]
  /** Any document or body: the walk reads only what the fields declare and finds there. */
  data: unknown
  /** Where a rich text link may point (`linkableCollections`). */
  linkable: readonly string[]
}): Reference[] => {
  const found: Reference[] = []
  eachFieldValue({
    fields,
    data,
    visit: ({ field, holder, path }) => {
      const value = holder[field.name]
      if (field.type === 'richText') {
        for (const ref of richTextReferences(value))
          found.push({
            path,
            collection: ref.collection,
            id: ref.id,
            allowed: ref.node === 'link' ? linkable : ['media'],
          })
      } else if (field.type === 'relationship' || field.type === 'upload') {
        const values = Array.isArray(value) ? value : [value]
        values.forEach((item, i) => {
          const itemPath = Array.isArray(value) ? `${path}.${i}` : path
          if (Array.isArray(field.relationTo)) {
            const poly = item as { relationTo?: string; value?: RelationValue } | null
            const id = relationId(poly?.value)
            if (poly?.relationTo && id)
              found.push({ path: itemPath, collection: poly.relationTo, id })
          } else {
            const id = relationId(item as RelationValue)
            if (id) found.push({ path: itemPath, collection: field.relationTo, id })
          }
        })
      }
    },
  })
  return found
}

/**
 * A record may only point at records of its own tenant. The admin hides other tenants' records
 * from its pickers, but the server decides: a foreign or unknown id is a validation error naming
 * the field, whoever sends it.
 */
export const ensureSameTenantReferences: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  const tenant = relationId((data.tenant ?? originalDoc?.tenant) as RelationValue)
  if (!tenant) return data
  // A move (a super-admin's) re-checks every stored reference, not only the ones sent.
  const moving = Boolean(tenantMovedTo({ data, originalDoc, operation }))
  const checked = moving ? { ...originalDoc, ...data } : data
  // The record's own id: on an update the stored one, never an `id` a body claims.
  const self = relationId(
    (operation === 'create' ? data.id : originalDoc?.id) as RelationValue | undefined,
  )
  const collected = collectReferences({
    fields: collection.fields,
    data: checked,
    linkable: linkableCollections(req.payload.config.collections),
  })
  const misplaced = collected
    .filter((ref) => ref.allowed && !ref.allowed.includes(ref.collection))
    .map((ref) => ({
      path: ref.path,
      message: `Rich text cannot point at "${ref.collection}" records; it may point at ${ref.allowed!.join(', ')}.`,
    }))
  if (misplaced.length > 0)
    throw new ValidationError({ collection: collection.slug, errors: misplaced, req })
  const references = collected.filter(
    (ref) =>
      ref.collection !== 'tenants' &&
      // A page's own breadcrumb names the page, which a create with its own id has not stored yet.
      !(
        ref.collection === collection.slug &&
        ref.id === self &&
        ref.path.startsWith('breadcrumbs.')
      ) &&
      isTenantScoped({ payload: req.payload, slug: ref.collection }),
  )
  if (references.length === 0) return data

  const byCollection = new Map<string, string[]>()
  for (const ref of references) {
    byCollection.set(ref.collection, [...(byCollection.get(ref.collection) ?? []), ref.id])
  }
  const owners = new Map<string, string | undefined>()
  for (const [slug, ids] of byCollection) {
    for (const [id, owner] of await recordTenants({
      req,
      collection: slug,
      ids: [...new Set(ids)],
    })) {
      owners.set(`${slug}:${id}`, owner)
    }
  }
  const errors = references
    .filter((ref) => owners.get(`${ref.collection}:${ref.id}`) !== tenant)
    // Another tenant's record reads exactly like a missing one: the answer tells nothing about it.
    .map((ref) => ({
      path: ref.path,
      message: `No ${ref.collection} record with id "${ref.id}" exists in this tenant.`,
    }))
  if (errors.length > 0) {
    throw new ValidationError({ collection: collection.slug, errors, req })
  }
  return data
}
