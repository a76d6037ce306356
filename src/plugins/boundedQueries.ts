import type { CollectionBeforeOperationHook, Plugin, Where } from 'payload'
import { APIError } from 'payload'

import { maxBodyNesting } from '../fields/bodyNesting'
import { nulFieldPath } from '../fields/nulField'
import { fieldRefusal } from '../lib/fieldRefusal'
import { valueNestingDepth } from '../lib/jsonDepth'
import { holdsNul } from '../lib/nul'
import { queryLimits, wordsIn } from '../lib/queryLimits'
import { namedHooks } from '../lib/hookNames'

/**
 * What the `like` and `contains` of a `where` ask for, at any depth: the most words of one,
 * and the characters of all together.
 */
const patternCost = (where: unknown): { words: number; characters: number } => {
  const cost = { words: 0, characters: 0 }
  if (!where || typeof where !== 'object') return cost
  for (const [key, value] of Object.entries(where as Record<string, unknown>)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      for (const branch of value) {
        const inner = patternCost(branch)
        cost.words = Math.max(cost.words, inner.words)
        cost.characters += inner.characters
      }
      continue
    }
    if (!value || typeof value !== 'object') continue
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      if ((operator === 'like' || operator === 'contains') && typeof operand === 'string') {
        cost.words = Math.max(cost.words, wordsIn(operand))
        cost.characters += operand.length
      }
    }
  }
  return cost
}

const nulRefused = 'Text may not hold a NUL character (\\u0000).'

/**
 * Every operation that takes a `where` (reads, counts, versions, bulk updates and deletes) or
 * `data` (creates and updates).
 */
const refuseHeavyQueries: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  // Payload's hooks and validators walk data by recursion: data nested past the stack was a 500.
  const data = (args as { data?: unknown }).data
  if (data && valueNestingDepth(data, maxBodyNesting) > maxBodyNesting)
    throw new APIError(`The data nests deeper than ${maxBodyNesting} levels.`, 400)
  const where = (args as { where?: Where }).where
  if (holdsNul(data)) {
    // Named, a form shows it beside the field that holds it.
    const path = nulFieldPath({ fields: collection.fields, data })
    if (path) throw fieldRefusal({ collection: collection.slug, path, message: nulRefused, req })
    throw new APIError(nulRefused, 400)
  }
  if (holdsNul(where)) throw new APIError(nulRefused, 400)
  if (!where) return args
  // Only the patterns: Payload's own admin nests and combines conditions deeper than a partner
  // may, so the partner API's other limits would refuse the admin's own queries.
  const cost = patternCost(where)
  if (cost.words > queryLimits.likeWords)
    throw new APIError(`A "like" or "contains" takes at most ${queryLimits.likeWords} words.`, 400)
  if (cost.characters > queryLimits.likeCharacters)
    throw new APIError(
      `"like" and "contains" take at most ${queryLimits.likeCharacters} characters in all.`,
      400,
    )
  return args
}

/**
 * Payload's own REST and GraphQL take any `where` a signed-in user sends; the partner API's
 * word limit applies to them too, so no query asks the database for thousands of ILIKEs. And
 * the partner API's nesting limit on written data holds there too.
 */
export const boundedQueries = (): Plugin => (config) => {
  for (const collection of config.collections ?? []) {
    // Tests build several configs from the same collection objects: add the hook once.
    if (collection.hooks?.beforeOperation?.includes(refuseHeavyQueries)) continue
    collection.hooks = {
      ...collection.hooks,
      beforeOperation: [
        ...(collection.hooks?.beforeOperation ?? []),
        ...namedHooks({ refuseHeavyQueries }),
      ],
    }
  }
  return config
}
