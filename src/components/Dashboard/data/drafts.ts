import type { CollectionSlug } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import type { PanelRead } from './scope'

export type WaitingDraft = {
  collection: string
  /** The collection's singular label, for the row. */
  label: string
  id: string
  title: string
  updatedAt: string
  tenant: string
  /** A published record with newer changes saved as a draft, or one never published. */
  live: boolean
}

type Titled = { id: string; title?: string | null; updatedAt: string; tenant?: RelationValue }

/**
 * Work saved but not published, newest first: of every collection with drafts, the records
 * whose latest version is a draft (Payload's `draft: true` reads the latest versions), each
 * said to be live or not from its published version.
 */
export const waitingDrafts = async ({
  payload,
  user,
  scope,
  limit = 10,
}: PanelRead): Promise<WaitingDraft[]> => {
  if (scope.tenants.length === 0) return []
  const tenants = scope.tenants.map((tenant) => tenant.id)
  const collections = payload.config.collections.filter(
    (collection) =>
      typeof collection.versions === 'object' &&
      collection.versions.drafts &&
      collection.fields.some((field) => 'name' in field && field.name === 'tenant'),
  )
  const found = await Promise.all(
    collections.map(async (collection) => {
      const slug = collection.slug as CollectionSlug
      const { docs } = await payload.find({
        collection: slug,
        user,
        overrideAccess: false,
        draft: true,
        where: { _status: { equals: 'draft' }, tenant: { in: tenants } },
        sort: '-updatedAt',
        limit,
        depth: 0,
        select: { title: true, updatedAt: true, tenant: true },
      })
      const drafts = docs as unknown as Titled[]
      const { docs: published } = await payload.find({
        collection: slug,
        user,
        overrideAccess: false,
        where: { id: { in: drafts.map((doc) => doc.id) }, _status: { equals: 'published' } },
        limit,
        depth: 0,
        pagination: false,
        select: {},
      })
      const live = new Set(published.map((doc) => String(doc.id)))
      const label = collection.labels?.singular
      return drafts.map((doc) => ({
        collection: slug,
        label: typeof label === 'string' ? label : slug,
        id: doc.id,
        title: doc.title ?? '',
        updatedAt: doc.updatedAt,
        tenant: relationId(doc.tenant) ?? '',
        live: live.has(doc.id),
      }))
    }),
  )
  return found
    .flat()
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, limit)
}
