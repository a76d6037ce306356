import type { Problem } from './problem'
import { problemOf } from './problem'

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
