import type { Payload } from 'payload'

import { fail, PartnerProblem } from '../problems'

const connectionTrouble =
  /ECONNREFUSED|ECONNRESET|Connection terminated|connection error|timeout exceeded when trying to connect|cannot begin transaction|terminating connection|the database system is (shutting down|starting up)|did not confirm the write/i

type PayloadishError = Error & {
  status?: number
  data?: { errors?: { path?: string; field?: string; message?: string }[] }
  code?: string
  cause?: unknown
}

/**
 * Turns what Payload throws into a problem: validation → 400 (409 when a uniqueness rule is
 * what failed), not found → 404, a database away → 503. Anything unforeseen is logged and
 * answered as a 500 that says nothing of the internals.
 */
export const toProblem = ({
  err,
  payload,
}: {
  err: unknown
  payload?: Payload
}): PartnerProblem => {
  if (err instanceof PartnerProblem) return err
  const e = err as PayloadishError
  const text = `${e?.message ?? ''} ${String((e?.cause as Error | undefined)?.message ?? '')}`
  try {
    if (connectionTrouble.test(text)) {
      fail({
        status: 503,
        detail: 'The database is not available right now; nothing was changed. Try again shortly.',
        headers: { 'retry-after': '2' },
      })
    }
    if (e?.name === 'ValidationError' || (e?.status === 400 && e.data?.errors)) {
      const errors = (e.data?.errors ?? []).map((x) => ({
        field: x.path ?? x.field ?? '',
        message: x.message ?? 'Invalid.',
      }))
      const conflict =
        errors.length > 0 &&
        errors.every((x) => /already (used|exists)|must be unique/i.test(x.message))
      fail({
        status: conflict ? 409 : 400,
        type: conflict ? 'conflict' : 'validation',
        detail: errors.map((x) => `${x.field || '(body)'}: ${x.message}`).join('; ') || e.message,
        errors,
      })
    }
    if (e?.status === 404 || e?.name === 'NotFound')
      fail({ status: 404, detail: 'No such record in this tenant.' })
    if (e?.status === 403 || e?.name === 'Forbidden')
      fail({ status: 403, detail: 'This key may not do that here.' })
    if (e?.status === 413) fail({ status: 413, detail: e.message })
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
      fail({ status: 400, detail: e.message })
  } catch (problem) {
    return problem as PartnerProblem
  }
  payload?.logger.error({ err, msg: 'partner API: unexpected error' })
  return new PartnerProblem({
    type: 'about:blank',
    title: 'Internal server error',
    status: 500,
    detail: 'Something went wrong on our side; nothing was changed.',
  })
}
