import type { CollectionBeforeChangeHook } from 'payload'

import { referenceId, seoDefaults, type SeoDefaults } from '../defaults'

const keys: Array<keyof SeoDefaults> = ['title', 'description', 'image']

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim())

/**
 * Fills each SEO field an editor has not written with its default, and keeps it following the
 * record: a value equal to what the default was before this save is the default's, not the
 * editor's, so a renamed event's SEO title is renamed too. A value an editor wrote stays.
 */
export const fillSeoDefaults: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const before = originalDoc ? seoDefaults(originalDoc) : undefined
  const after = seoDefaults({ ...originalDoc, ...data })
  const meta: Record<string, unknown> = {
    ...(originalDoc?.meta as Record<string, unknown> | undefined),
    ...(data.meta as Record<string, unknown> | undefined),
  }
  for (const key of keys) {
    const current = key === 'image' ? referenceId(meta[key]) : meta[key]
    const wasDefault = before !== undefined && current === before[key]
    if (isEmpty(current) || wasDefault) meta[key] = after[key]
  }
  data.meta = meta
  return data
}
