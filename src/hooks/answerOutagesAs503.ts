import type { AfterErrorHook } from 'payload'

import { isDatabaseUnavailable } from '../db/unavailable'

/**
 * Payload's REST and GraphQL answer any error without a status as a 500. A database that is
 * away is not our bug but a moment to wait: 503 tells clients (and load balancers) to retry.
 */
export const answerOutagesAs503: AfterErrorHook = ({ error, result }) => {
  if (!isDatabaseUnavailable(error)) return
  return {
    status: 503,
    response: {
      ...result,
      errors: [{ message: 'The database is not available right now; try again shortly.' }],
    },
  }
}
