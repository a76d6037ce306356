import { responseOf, type PlainAnswer } from './plainHttp'
import { currentRequest } from './requestContext'

/** RFC 9457 problem details: the one error body shape the CMS answers with outside Payload's own routes. */
export type Problem = {
  type?: string
  title: string
  status: number
  detail?: string
  errors?: { field: string; message: string }[]
  [extension: string]: unknown
}

export const problemTypeBase = 'https://arts-cms.dev/problems/'

/**
 * A problem as sent: `about:blank` unless typed, and the request's id (also its `X-Request-Id`
 * header), so a partner who reports a body names the log lines of its request. Every
 * problem+json answer is written through here.
 */
export const problemBody = (problem: Problem): Problem => {
  const requestId = currentRequest()?.id
  return { type: 'about:blank', ...problem, ...(requestId ? { requestId } : {}) }
}

/** A problem as a plain answer (`plainHttp.ts`): the direct routes' form. */
export const problemAnswer = ({
  problem,
  headers,
}: {
  problem: Problem
  headers?: Record<string, string>
}): PlainAnswer => ({
  status: problem.status,
  headers: {
    ...headers,
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
  },
  body: JSON.stringify(problemBody(problem)),
})

export const problemResponse = ({
  problem,
  headers,
}: {
  problem: Problem
  headers?: HeadersInit
}): Response =>
  responseOf(
    problemAnswer({
      problem,
      ...(headers ? { headers: Object.fromEntries(new Headers(headers)) } : {}),
    }),
  )

const titles: Record<number, [string, string]> = {
  400: ['bad-request', 'Bad request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not found'],
  405: ['method-not-allowed', 'Method not allowed'],
  409: ['conflict', 'Conflict'],
  410: ['gone', 'Gone'],
  412: ['precondition-failed', 'Precondition failed'],
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

/** The problem body for `status`: its type and title from the one table above, clipped. */
export const problemOf = ({
  status,
  detail,
  errors,
  type,
}: {
  status: number
  detail: string
  errors?: { field: string; message: string }[]
  type?: string
}): Problem => {
  const [slug, title] = titles[status] ?? ['error', 'Error']
  const more = errors ? errors.length - problemLimits.errors : 0
  const shown = errors?.slice(0, problemLimits.errors).map((e) => ({
    field: clip(e.field, problemLimits.fieldChars),
    message: clip(e.message, problemLimits.detailChars),
  }))
  return {
    type: `${problemTypeBase}${type ?? slug}`,
    title,
    status,
    detail: `${clip(detail, problemLimits.detailChars)}${more > 0 ? ` (${String(errors?.length)} problems; the first ${problemLimits.errors} are listed.)` : ''}`,
    ...(shown ? { errors: shown } : {}),
  }
}
