import type { CollectionBeforeChangeHook, FlattenedField, PayloadRequest, Where } from 'payload'
import { ValidationError } from 'payload'

import { lockRecord } from '../db/recordTenants'
import { relationId, type RelationValue } from '../lib/relationId'
import { linkableCollections } from '../fields/richText'
import { collectReferences } from './ensureSameTenantReferences'
import { tenantMovedTo } from './tenantMove'

/** Query paths of every relationship or upload field in `fields` that can point at `target`. */
const pathsTo = ({
  fields,
  target,
  prefix = '',
}: {
  fields: FlattenedField[]
  target: string
  prefix?: string
}): { path: string; polymorphic: boolean }[] =>
  fields.flatMap((field) => {
    const path = `${prefix}${field.name}`
    if (field.type === 'group' || field.type === 'array' || field.type === 'tab') {
      return pathsTo({ fields: field.flattenedFields, target, prefix: `${path}.` })
    }
    if (field.type === 'relationship' || field.type === 'upload') {
      const targets: string[] = Array.isArray(field.relationTo)
        ? field.relationTo
        : [field.relationTo]
      if (targets.includes(target)) return [{ path, polymorphic: Array.isArray(field.relationTo) }]
    }
    return []
  })

/** Records of other tenants than `tenant` that point at `id` in `target`, by collection. */
const strandedReferences = async ({
  req,
  target,
  id,
  tenant,
}: {
  req: PayloadRequest
  target: string
  id: string
  tenant: string
}): Promise<string[]> => {
  const found: string[] = []
  for (const { config } of Object.values(req.payload.collections)) {
    if (!config.flattenedFields.some((f) => f.name === 'tenant')) continue
    const paths = pathsTo({ fields: config.flattenedFields, target }).filter(
      ({ path }) => !(config.slug === target && path.startsWith('breadcrumbs.')),
    )
    if (paths.length === 0) continue
    const where: Where = {
      and: [
        { tenant: { not_equals: tenant } },
        {
          or: paths.map(({ path, polymorphic }) =>
            polymorphic
              ? {
                  and: [
                    { [`${path}.relationTo`]: { equals: target } },
                    { [`${path}.value`]: { equals: id } },
                  ],
                }
              : { [path]: { equals: id } },
          ),
        },
      ],
    }
    const { totalDocs } = await req.payload.count({
      collection: config.slug as 'events',
      where,
      overrideAccess: true,
      req,
    })
    if (totalDocs > 0) found.push(`${totalDocs} ${config.slug}`)
  }
  return found
}

/** Whether any of `fields`, however nested, is rich text or blocks: what a count cannot ask. */
const holdsNestedReferences = (fields: FlattenedField[]): boolean =>
  fields.some(
    (field) =>
      field.type === 'richText' ||
      field.type === 'blocks' ||
      ((field.type === 'group' || field.type === 'array' || field.type === 'tab') &&
        holdsNestedReferences(field.flattenedFields)),
  )

/**
 * Records of `tenant` whose rich text or blocks point at `id` in `target`: read a batch at a
 * time and walked as the tenant rule walks them (a move is a rare super-admin act; rich text
 * has no column to count on). Both the record and its newest draft are read.
 */
const walkedReferences = async ({
  req,
  target,
  id,
  tenant,
}: {
  req: PayloadRequest
  target: string
  id: string
  tenant: string
}): Promise<string[]> => {
  const found: string[] = []
  for (const { config } of Object.values(req.payload.collections)) {
    if (!config.flattenedFields.some((f) => f.name === 'tenant')) continue
    if (!holdsNestedReferences(config.flattenedFields)) continue
    // Plain relationships are counted above; here only what rich text and blocks hold.
    const blocks = config.flattenedFields
      .filter((f) => f.type === 'blocks')
      .map((f) => `${f.name}.`)
    const nested = (ref: { path: string; allowed?: readonly string[] }) =>
      ref.allowed !== undefined || blocks.some((prefix) => ref.path.startsWith(prefix))
    const drafts = typeof config.versions === 'object' && Boolean(config.versions.drafts)
    const pointing = new Set<string>()
    for (const draft of drafts ? [false, true] : [false])
      for (let page = 1; ; page++) {
        const { docs, hasNextPage } = await req.payload.find({
          collection: config.slug as 'events',
          where: { tenant: { equals: tenant } },
          draft,
          depth: 0,
          limit: 200,
          page,
          overrideAccess: true,
          req,
        })
        for (const doc of docs)
          if (
            doc.id !== id &&
            collectReferences({
              fields: config.fields,
              data: doc,
              linkable: linkableCollections(req.payload.config.collections),
            }).some((ref) => ref.collection === target && ref.id === id && nested(ref))
          )
            pointing.add(String(doc.id))
        if (!hasNextPage) break
      }
    if (pointing.size > 0) found.push(`${pointing.size} ${config.slug}`)
  }
  return found
}

/**
 * A record moved to another tenant would leave the records that point at it pointing across
 * tenants (an event's performances, a page's children, a work's events). Such a move is
 * refused; move or unlink those records first. The record is locked first: a write that has
 * checked it and not yet committed is waited for, so what it made is counted here.
 */
export const refuseStrandingMoves: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  const tenant = tenantMovedTo({ data, originalDoc, operation })
  if (!tenant) return data
  const id = String(originalDoc?.id)
  await lockRecord({ req, collection: collection.slug, id })
  const from = relationId(originalDoc?.tenant as RelationValue)
  const stranded = [
    ...(await strandedReferences({ req, target: collection.slug, id, tenant })),
    ...(from ? await walkedReferences({ req, target: collection.slug, id, tenant: from }) : []),
  ]
  if (stranded.length > 0) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [
        {
          path: 'tenant',
          message: `Records of the old tenant point at this one (${stranded.join(', ')}); move or unlink them first.`,
        },
      ],
      req,
    })
  }
  return data
}
