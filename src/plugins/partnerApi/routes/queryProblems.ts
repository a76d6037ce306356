import { fail } from '../../../lib/partnerProblem'

/** A query string's problems, each named: a 400 of type `validation`. */
export const queryProblems = (problems: { field: string; message: string }[]): never =>
  fail({ status: 400, type: 'validation', detail: 'The query is not valid.', errors: problems })
