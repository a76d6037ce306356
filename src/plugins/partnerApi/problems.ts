import type { Problem } from '../../lib/problem'
import { problemTypeBase } from '../../lib/problem'

/** A partner request that ends in a problem+json answer; thrown and caught by the dispatcher. */
export class PartnerProblem extends Error {
  readonly problem: Problem
  readonly headers: Record<string, string>
  constructor(problem: Problem, headers: Record<string, string> = {}) {
    super(problem.detail ?? problem.title)
    this.problem = problem
    this.headers = headers
  }
}

const titles: Record<number, [string, string]> = {
  400: ['bad-request', 'Bad request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not found'],
  405: ['method-not-allowed', 'Method not allowed'],
  409: ['conflict', 'Conflict'],
  413: ['payload-too-large', 'Payload too large'],
  415: ['unsupported-media-type', 'Unsupported media type'],
  429: ['rate-limited', 'Too many requests'],
  500: ['internal', 'Internal server error'],
  503: ['unavailable', 'Service unavailable'],
}

export const problemTitle = (status: number): string => titles[status]?.[1] ?? 'Error'

/**
 * What one problem reports at most: enough to fix a request, never an answer larger than the
 * request (a body of a million unknown keys once answered seven megabytes).
 */
export const problemLimits = { errors: 20, detailChars: 2_000, fieldChars: 200 }

const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text

export const fail = ({
  status,
  detail,
  errors,
  headers,
  type,
}: {
  status: number
  detail: string
  errors?: { field: string; message: string }[]
  headers?: Record<string, string>
  type?: string
}): never => {
  const [slug, title] = titles[status] ?? ['error', 'Error']
  const more = errors ? errors.length - problemLimits.errors : 0
  const shown = errors?.slice(0, problemLimits.errors).map((e) => ({
    field: clip(e.field, problemLimits.fieldChars),
    message: clip(e.message, problemLimits.detailChars),
  }))
  throw new PartnerProblem(
    {
      type: `${problemTypeBase}${type ?? slug}`,
      title,
      status,
      detail: `${clip(detail, problemLimits.detailChars)}${more > 0 ? ` (${String(errors?.length)} problems; the first ${problemLimits.errors} are listed.)` : ''}`,
      ...(shown ? { errors: shown } : {}),
    },
    headers,
  )
}

export const validationFailed = (errors: { field: string; message: string }[]): never =>
  fail({
    status: 400,
    type: 'validation',
    detail: `The request body is not valid: ${errors.map((e) => `${e.field || '(body)'}: ${e.message}`).join('; ')}`,
    errors,
  })
