import type { Payload } from 'payload'
import { APIError, Forbidden, NotFound, ValidationError } from 'payload'

import { ItemFailed } from '../../../db/allOrNothing'
import { isConflictRollback, isDatabaseUnavailable } from '../../../db/unavailable'
import { UniquenessConflict } from '../../../lib/uniquenessConflicts'
import { problemOf } from '../../../lib/problem'
import { fail, PartnerProblem, problemAt } from '../../../lib/partnerProblem'

/**
 * Turns what an operation throws into a problem, by the error's class: a uniqueness conflict →
 * 409, other validation → 400, not found → 404, a database away → 503. Anything unforeseen is
 * logged and answered as a 500 that says nothing of the internals.
 */
export const toProblem = ({
  err,
  payload,
}: {
  err: unknown
  payload?: Payload
}): PartnerProblem => {
  if (err instanceof PartnerProblem) return err
  if (err instanceof ItemFailed)
    return problemAt({ problem: toProblem({ err: err.cause, payload }), path: err.path })
  try {
    if (isDatabaseUnavailable(err)) {
      if (isConflictRollback(err))
        payload?.logger.warn({ err, msg: 'partner API: a write rolled back for a conflict' })
      fail({
        status: 503,
        detail: 'The database is not available right now; nothing was changed. Try again shortly.',
        headers: { 'retry-after': '2' },
      })
    }
    if (err instanceof UniquenessConflict) {
      fail({ status: 409, type: 'conflict', detail: err.message, errors: err.errors })
    }
    if (err instanceof ValidationError) {
      const errors = err.data.errors.map((x) => ({
        field: x.path,
        message: x.message || 'Invalid.',
      }))
      fail({
        status: 400,
        type: 'validation',
        detail: errors.map((x) => `${x.field || '(body)'}: ${x.message}`).join('; ') || err.message,
        errors,
      })
    }
    if (err instanceof NotFound) fail({ status: 404, detail: 'No such record in this tenant.' })
    if (err instanceof Forbidden) fail({ status: 403, detail: 'This key may not do that here.' })
    if (err instanceof APIError) {
      const { status, message } = err
      if (status === 404) fail({ status: 404, detail: 'No such record in this tenant.' })
      if (status === 403) fail({ status: 403, detail: 'This key may not do that here.' })
      if (status === 413) fail({ status: 413, detail: message })
      if (status === 429) fail({ status: 429, detail: message, headers: { 'retry-after': '1' } })
      if (status === 503) fail({ status: 503, detail: message, headers: { 'retry-after': '2' } })
      if (status >= 400 && status < 500) fail({ status: 400, detail: message })
    }
  } catch (problem) {
    return problem as PartnerProblem
  }
  payload?.logger.error({ err, msg: 'partner API: unexpected error' })
  return new PartnerProblem(
    problemOf({ status: 500, detail: 'Something went wrong on our side; nothing was changed.' }),
  )
}
