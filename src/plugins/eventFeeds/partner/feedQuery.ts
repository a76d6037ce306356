import { isUuid } from '../../../lib/uuid'
import { queryProblems, readQuery, type Parameter } from '../../partnerApi/exports/routes'
import type { FeedFilter } from '../read/reading'

/** The filters of a calendar feed, each a record's id. */
const filterNames = [
  'venue',
  'season',
  'series',
  'event',
] as const satisfies readonly (keyof FeedFilter)[]

const filterWords: Record<(typeof filterNames)[number], string> = {
  venue: 'Only performances at this venue.',
  season: "Only performances of this season's events.",
  series: "Only performances of this series' events.",
  event: "Only this event's performances.",
}

/** The feed's parameters as the document lists them. */
export const feedParameters: readonly Parameter[] = filterNames.map((name) => ({
  name,
  in: 'query',
  required: false,
  description: `${filterWords[name]} An id of the tenant's; one that names nothing gives an empty calendar.`,
  schema: { type: 'string', format: 'uuid' },
}))

/**
 * A feed's query: each filter at most once and a UUID; any other parameter is a 400 that names
 * it. Ids are compared in lower case, so equal filters share one cached answer.
 */
export const parseFeedQuery = (search: string): FeedFilter => {
  const { params, problems } = readQuery({ search, known: filterNames })
  const filter: FeedFilter = {}
  for (const name of filterNames) {
    const values = params.getAll(name)
    if (values.length === 0) continue
    const [value] = values
    if (values.length > 1 || value === undefined || !isUuid(value))
      problems.push({ field: name, message: 'One record id (a UUID).' })
    else filter[name] = value.toLowerCase()
  }
  return problems.length > 0 ? queryProblems(problems) : filter
}

/** A route that takes no query parameters: any is a 400 that names it. */
export const parseNoQuery = (search: string): Record<string, never> => {
  const { problems } = readQuery({ search, known: [] })
  return problems.length > 0 ? queryProblems(problems) : {}
}
