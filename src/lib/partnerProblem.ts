import type { Problem } from './problem'
import { problemOf, problemTypeBase } from './problem'

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

/** Ends a partner request with a problem; typed `never` so callers narrow after it. */
export const fail = ({
  headers,
  ...problem
}: Parameters<typeof problemOf>[0] & { headers?: Record<string, string> }): never => {
  throw new PartnerProblem(problemOf(problem), headers)
}

export const validationFailed = (errors: { field: string; message: string }[]): never =>
  fail({
    status: 400,
    type: 'validation',
    detail: `The request body is not valid: ${errors.map((e) => `${e.field || '(body)'}: ${e.message}`).join('; ')}`,
    errors,
  })

/**
 * A problem of one part of the body (a batch's item), its fields named from the body's root
 * (`records.3.startDate`) so the client knows what to fix. An error on our side stays as it is.
 */
export const problemAt = ({
  problem,
  path,
}: {
  problem: PartnerProblem
  path: string
}): PartnerProblem => {
  const { status, type, detail, errors } = problem.problem
  if (status >= 500) return problem
  return new PartnerProblem(
    problemOf({
      status,
      ...(type?.startsWith(problemTypeBase) ? { type: type.slice(problemTypeBase.length) } : {}),
      detail: `${path}: ${detail ?? ''}`,
      errors: (errors ?? [{ field: '', message: detail ?? 'Invalid.' }]).map((e) => ({
        field: e.field ? `${path}.${e.field}` : path,
        message: e.message,
      })),
    }),
    problem.headers,
  )
}
