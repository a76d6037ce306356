/** One named problem of a query string. */
export type QueryProblem = { field: string; message: string }

/**
 * A plugin route's query string, read one way: every parameter it does not know is a problem
 * naming the ones it does, and `whole` reads a whole number in range (or notes the problem and
 * answers the fallback). The route answers the problems together (`queryProblems`).
 */
export const readQuery = ({ search, known }: { search: string; known: readonly string[] }) => {
  const params = new URLSearchParams(search)
  const problems: QueryProblem[] = []
  for (const name of new Set(params.keys()))
    if (!known.includes(name))
      problems.push({ field: name, message: `Unknown parameter. Known: ${known.join(', ')}.` })
  const whole = ({ name, fallback, max }: { name: string; fallback: number; max: number }) => {
    const raw = params.get(name)
    if (raw === null) return fallback
    const value = Number(raw)
    if (!/^\d{1,9}$/.test(raw) || value < 1 || value > max) {
      problems.push({ field: name, message: `A whole number from 1 to ${max}.` })
      return fallback
    }
    return value
  }
  return { params, problems, whole }
}
