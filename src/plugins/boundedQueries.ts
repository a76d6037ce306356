import type { CollectionBeforeOperationHook, Plugin, Where } from 'payload'
import { APIError } from 'payload'

import { queryLimits, wordsIn } from '../lib/queryLimits'

/** Counts the conditions of `where` and the most words any `like` or `contains` asks for. */
const measure = (
  where: unknown,
  depth = 0,
): { conditions: number; words: number; depth: number } => {
  const total = { conditions: 0, words: 0, depth }
  if (!where || typeof where !== 'object') return total
  for (const [key, value] of Object.entries(where as Record<string, unknown>)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      for (const branch of value) {
        const inner = measure(branch, depth + 1)
        total.conditions += inner.conditions
        total.words = Math.max(total.words, inner.words)
        total.depth = Math.max(total.depth, inner.depth)
      }
      continue
    }
    if (!value || typeof value !== 'object') continue
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      total.conditions += 1
      if ((operator === 'like' || operator === 'contains') && typeof operand === 'string')
        total.words = Math.max(total.words, wordsIn(operand))
    }
  }
  return total
}

/** Every operation that takes a `where`: reads, counts, versions, bulk updates and deletes. */
const refuseHeavyQueries: CollectionBeforeOperationHook = ({ args }) => {
  const where = (args as { where?: Where }).where
  if (!where) return args
  const { conditions, words, depth } = measure(where)
  const problem =
    words > queryLimits.likeWords
      ? `A "like" or "contains" takes at most ${queryLimits.likeWords} words.`
      : conditions > queryLimits.conditions
        ? `A query takes at most ${queryLimits.conditions} conditions.`
        : // Room for the wrappers the partner layer and the admin put around a user's filter.
          depth > queryLimits.depth + 2
          ? `"and"/"or" nest at most ${queryLimits.depth} deep.`
          : undefined
  if (problem) throw new APIError(problem, 400)
  return args
}

/**
 * Payload's own REST and GraphQL take any `where` a signed-in user sends; the partner API's
 * limits apply to them too, so no query asks the database for thousands of ILIKEs.
 */
export const boundedQueries = (): Plugin => (config) => {
  for (const collection of config.collections ?? []) {
    // Tests build several configs from the same collection objects: add the hook once.
    if (collection.hooks?.beforeOperation?.includes(refuseHeavyQueries)) continue
    collection.hooks = {
      ...collection.hooks,
      beforeOperation: [...(collection.hooks?.beforeOperation ?? []), refuseHeavyQueries],
    }
  }
  return config
}
