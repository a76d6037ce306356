import { isUuid } from '../../../lib/uuid'
import { readQuery, type QueryProblem } from '../../partnerApi/exports/routes'
import { runKinds, runStatuses } from '../defaults'

/** A page of runs: default and most a partner may ask for. */
export const runPage = { limit: 20, maxLimit: 100 } as const

export type RunsQuery = {
  limit: number
  page: number
  connection?: string
  status?: (typeof runStatuses)[number]
  kind?: (typeof runKinds)[number]
}

const known = ['limit', 'page', 'connection', 'status', 'kind']

/** `?limit=&page=&connection=&status=&kind=`; anything else, or out of range, is named in `problems`. */
export const parseRunsQuery = (
  search: string,
): { query: RunsQuery } | { problems: QueryProblem[] } => {
  const { params, problems, whole } = readQuery({ search, known })
  const connection = params.get('connection') ?? undefined
  if (connection !== undefined && !isUuid(connection))
    problems.push({ field: 'connection', message: 'Must be a uuid.' })
  const status = params.get('status') ?? undefined
  if (status !== undefined && !(runStatuses as readonly string[]).includes(status))
    problems.push({ field: 'status', message: `Must be one of: ${runStatuses.join(', ')}.` })
  const kind = params.get('kind') ?? undefined
  if (kind !== undefined && !(runKinds as readonly string[]).includes(kind))
    problems.push({ field: 'kind', message: `Must be one of: ${runKinds.join(', ')}.` })
  const query: RunsQuery = {
    limit: whole({ name: 'limit', fallback: runPage.limit, max: runPage.maxLimit }),
    page: whole({ name: 'page', fallback: 1, max: 100_000 }),
    ...(connection ? { connection } : {}),
    ...(status ? { status: status as RunsQuery['status'] } : {}),
    ...(kind ? { kind: kind as RunsQuery['kind'] } : {}),
  }
  return problems.length > 0 ? { problems } : { query }
}
