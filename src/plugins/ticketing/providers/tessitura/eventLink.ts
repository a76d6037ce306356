import { parseInstanceIds } from '../idList'
import type { Provider } from '../types'

/** A JSON array of ids (numbers or strings) or a comma/space list. */
const readIds = (value: unknown): string[] => {
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value)
      if (Array.isArray(parsed))
        return [
          ...new Set(
            parsed
              .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
              .map((v) => String(v).trim())
              .filter(Boolean),
          ),
        ]
    } catch {
      // Not JSON after all: read the ids written in it.
    }
  }
  return parseInstanceIds(value)
}

/**
 * `productionPerformances` `{psId: [perfIds]}`: the union of the perf ids under the event's own
 * seasons. Bad JSON reads as nothing selected, never as every performance.
 */
const readSelected = (value: unknown, seasons: readonly string[]): Set<string> => {
  if (typeof value !== 'string' || value.trim() === '') return new Set()
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    return new Set()
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Set()
  const selected = new Set<string>()
  for (const [season, ids] of Object.entries(parsed as Record<string, unknown>)) {
    if (!seasons.includes(season.trim()) || !Array.isArray(ids)) continue
    for (const perf of ids)
      if (typeof perf === 'string' || typeof perf === 'number') selected.add(String(perf).trim())
  }
  selected.delete('')
  return selected
}

/** The keyword filter: a JSON array or comma list of ids or descriptions; empty means none. */
const readKeywordFilter = (value: unknown): string[] | null => {
  if (typeof value !== 'string' || value.trim() === '') return null
  let words: string[] = []
  const raw = value.trim()
  if (raw.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed))
        words = parsed
          .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
          .map((v) => String(v))
    } catch {
      words = raw.replace(/[[\]"]/g, '').split(',')
    }
  } else words = raw.split(',')
  const filter = [...new Set(words.map((w) => w.trim()).filter(Boolean))]
  return filter.length ? filter : null
}

/**
 * A CMS event's `tessitura` group: one or more production seasons; `performanceSyncType:
 * 'selected'` keeps only the performances in `productionPerformances`; `keywords` filters.
 */
export const tessituraEventLink: Provider['cms'] = {
  readEventLink: (group) => {
    const externalIds = readIds(group?.productionSeasonIds)
    if (!externalIds.length) return null
    return {
      externalIds,
      connected: group?.syncConnected === true,
      syncToPublished: group?.syncToPublished === true,
      selected:
        group?.performanceSyncType === 'selected'
          ? readSelected(group.productionPerformances, externalIds)
          : null,
      keywordFilter: readKeywordFilter(group?.keywords),
    }
  },
  newEventLink: ({ externalId, syncToPublished }) => ({
    productionSeasonIds: JSON.stringify([externalId]),
    syncConnected: true,
    performanceSyncType: 'all',
    syncToPublished,
  }),
}
