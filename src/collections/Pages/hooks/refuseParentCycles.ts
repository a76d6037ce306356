import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeValidateHook, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import type { Page } from '../../../payload-types'
import { relationId, type RelationValue } from '../../../lib/relationId'

/** Deeper than any site's navigation; a chain longer than this is refused, not followed. */
export const maxPageDepth = 32

const parentOf = async ({
  req,
  id,
  draft,
}: {
  req: PayloadRequest
  id: string
  draft: boolean
}): Promise<string | undefined> => {
  const page: Pick<Page, 'parent'> | null = await req.payload
    .findByID({
      collection: 'pages',
      id,
      draft,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      select: { parent: true },
      req,
    })
    .catch(() => null)
  return relationId(page?.parent as RelationValue)
}

/**
 * Every page above `start` by either of its parents: the published one, which the nested-docs
 * plugin follows when it builds breadcrumbs, and the latest draft's, which publishing makes
 * real. Stops at a page seen before and past the depth cap.
 */
const ancestors = async ({
  req,
  start,
}: {
  req: PayloadRequest
  start: string
}): Promise<{ seen: Set<string>; depth: number }> => {
  const seen = new Set<string>([start])
  let level = [start]
  let depth = 1
  while (level.length > 0 && depth <= maxPageDepth) {
    const next: string[] = []
    for (const id of level) {
      for (const draft of [true, false]) {
        const parent = await parentOf({ req, id, draft })
        if (parent && !seen.has(parent)) {
          seen.add(parent)
          next.push(parent)
        }
      }
    }
    level = next
    if (next.length > 0) depth += 1
  }
  return { seen, depth }
}

/**
 * A page may not sit under itself or its own descendants, and the tree has a depth limit, so
 * the nested-docs plugin's walk up the parents always ends. Parent changes within a tenant are
 * serialised (a transaction lock), so two moves that are each fine alone cannot make a cycle
 * together.
 */
export const refuseParentCycles: CollectionBeforeValidateHook<Page> = async ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (!data || data.parent === undefined) return data
  const parent = relationId(data.parent as RelationValue)
  if (!parent) return data
  const self = operation === 'update' ? relationId(originalDoc?.id) : relationId(data.id)
  const tenant = relationId((data.tenant ?? originalDoc?.tenant) as RelationValue) ?? ''
  await executeInRequest({
    req,
    query: sql`select pg_advisory_xact_lock(hashtext(${`pages-tree:${tenant}`}))`,
  })
  const { seen, depth } = await ancestors({ req, start: parent })
  const fail = (message: string): never => {
    throw new ValidationError({ collection: 'pages', errors: [{ path: 'parent', message }], req })
  }
  if (self && seen.has(self)) {
    return fail('A page cannot be placed under itself or one of its own subpages.')
  }
  if (depth > maxPageDepth) {
    return fail(`Pages nest at most ${maxPageDepth} levels deep.`)
  }
  return data
}
