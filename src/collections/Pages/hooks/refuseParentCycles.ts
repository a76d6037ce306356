import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeValidateHook, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import type { Page } from '../../../payload-types'
import { relationId, type RelationValue } from '../../../utilities/relationId'

/** Deeper than any site's navigation; a chain longer than this is refused, not followed. */
export const maxPageDepth = 32

/**
 * The ancestors of `start`, nearest first, as their latest versions (drafts included) say:
 * stored breadcrumbs can be stale. Stops at a page seen before (a cycle) or past the cap.
 */
const ancestors = async ({
  req,
  start,
}: {
  req: PayloadRequest
  start: string
}): Promise<{ chain: string[]; cycle: boolean }> => {
  const chain: string[] = []
  const seen = new Set<string>()
  let current: string | undefined = start
  while (current && chain.length <= maxPageDepth) {
    if (seen.has(current)) return { chain, cycle: true }
    seen.add(current)
    chain.push(current)
    const page: Pick<Page, 'parent'> | null = await req.payload
      .findByID({
        collection: 'pages',
        id: current,
        draft: true,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        select: { parent: true },
        req,
      })
      .catch(() => null)
    current = relationId(page?.parent as RelationValue)
  }
  return { chain, cycle: false }
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
  const { chain, cycle } = await ancestors({ req, start: parent })
  const fail = (message: string): never => {
    throw new ValidationError({ collection: 'pages', errors: [{ path: 'parent', message }], req })
  }
  if ((self && chain.includes(self)) || cycle) {
    return fail('A page cannot be placed under itself or one of its own subpages.')
  }
  if (chain.length > maxPageDepth) {
    return fail(`Pages nest at most ${maxPageDepth} levels deep.`)
  }
  return data
}
