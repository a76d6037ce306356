import { readQuery, type QueryProblem } from '../../partnerApi/exports/routes'
import { changeEvents, type ChangeEvent } from '../log/events'
import { decodeCursor, isRetiredCursor, type CursorScope } from './cursor'
import { feedDefaults } from '../defaults'

export type FeedQuery = {
  /** Entries after this sequence; undefined: from the oldest kept. */
  after: number | undefined
  /** `after` was a cursor of the retired plain encoding: the feed answers 410. */
  retiredCursor: boolean
  limit: number
  kinds: string[] | undefined
  events: ChangeEvent[] | undefined
  /** `drafts=true`: also the changes that touched drafts only (`draft: true` entries). */
  drafts: boolean
}

const known = ['after', 'limit', 'kind', 'event', 'drafts']

const listOf = (params: URLSearchParams, name: string): string[] | undefined => {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
  return values.length > 0 ? [...new Set(values)] : undefined
}

/**
 * The change feed's query string, checked whole: every problem is reported at once, and a
 * parameter the feed does not know is one (a typo must not silently widen the feed).
 */
export const parseFeedQuery = ({
  search,
  kinds,
  scope,
}: {
  search: string
  /** The kind names a partner may filter by. */
  kinds: readonly string[]
  /** Whose feed: a cursor decodes only in the feed it was made for. */
  scope: CursorScope
}): { query: FeedQuery } | { problems: QueryProblem[] } => {
  const { params, problems } = readQuery({ search, known })
  const rawAfter = params.get('after')
  const after = rawAfter === null ? undefined : decodeCursor({ cursor: rawAfter, ...scope })
  const retiredCursor = rawAfter !== null && isRetiredCursor(rawAfter)
  if (rawAfter !== null && after === undefined && !retiredCursor)
    problems.push({ field: 'after', message: 'Not a cursor this feed gave out.' })
  const rawLimit = params.get('limit')
  const limit = rawLimit === null ? feedDefaults.limit : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1 || limit > feedDefaults.maxLimit)
    problems.push({ field: 'limit', message: `A whole number from 1 to ${feedDefaults.maxLimit}.` })
  const kindList = listOf(params, 'kind')
  for (const kind of kindList ?? [])
    if (!kinds.includes(kind))
      problems.push({
        field: 'kind',
        message: `"${kind}" is not a kind. Known: ${kinds.join(', ')}.`,
      })
  const eventList = listOf(params, 'event')
  for (const event of eventList ?? [])
    if (!(changeEvents as readonly string[]).includes(event))
      problems.push({
        field: 'event',
        message: `"${event}" is not an event. Known: ${changeEvents.join(', ')}.`,
      })
  const rawDrafts = params.get('drafts')
  if (rawDrafts !== null && rawDrafts !== 'true' && rawDrafts !== 'false')
    problems.push({ field: 'drafts', message: 'true or false.' })
  if (problems.length > 0) return { problems }
  return {
    query: {
      after,
      retiredCursor,
      limit,
      kinds: kindList,
      events: eventList as ChangeEvent[] | undefined,
      drafts: rawDrafts === 'true',
    },
  }
}
