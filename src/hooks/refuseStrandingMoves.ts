import type { CollectionBeforeChangeHook, FlattenedField, PayloadRequest, Where } from 'payload'
import { ValidationError } from 'payload'

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

/**
 * A record moved to another tenant would leave the records that point at it pointing across
 * tenants (an event's performances, a page's children, a work's events). Such a move is
 * refused; move or unlink those records first.
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
  const stranded = await strandedReferences({
    req,
    target: collection.slug,
    id: String(originalDoc?.id),
    tenant,
  })
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
