import type { PayloadRequest, RequestContext } from 'payload'
import { ValidationError } from 'payload'

const contextKey = 'uniquenessConflicts'

/** A write refused only because values it sets are held by other records: a 409, not a 400. */
export class UniquenessConflict extends Error {
  override readonly name = 'UniquenessConflict'
  readonly errors: { field: string; message: string }[]
  constructor({ errors, cause }: { errors: { field: string; message: string }[]; cause: unknown }) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '), { cause })
    this.errors = errors
  }
}

/**
 * Called by a uniqueness rule when the value is taken. Payload turns the rule's message into a
 * plain validation error; the note on the request is what tells a conflict from bad input.
 */
export const noteConflict = ({ req, field }: { req: PayloadRequest; field: string }): void => {
  const seen = req.context?.[contextKey]
  if (seen instanceof Set) seen.add(field)
}

/**
 * Runs a Local API write with a context that collects uniqueness notes, and rethrows its
 * validation error as a `UniquenessConflict` when every failed field was taken: by one of our
 * rules, or by a unique index (Payload marks those with the table).
 */
export const detectingConflicts = async <T>(
  write: (context: RequestContext) => Promise<T>,
): Promise<T> => {
  const seen = new Set<string>()
  try {
    return await write({ [contextKey]: seen })
  } catch (err) {
    if (err instanceof ValidationError) {
      const errors = err.data.errors
      const taken = errors.every((e) => seen.has(e.path) || 'tableName' in e)
      if (errors.length > 0 && taken) {
        throw new UniquenessConflict({
          errors: errors.map((e) => ({ field: e.path, message: e.message })),
          cause: err,
        })
      }
    }
    throw err
  }
}
