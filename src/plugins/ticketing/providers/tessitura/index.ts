import type { Provider } from '../types'
import { readAvailability } from './availability'
import { caller, idsPerCall, readAllKeywords, readSeats, searchPerformances } from './calls'
import { tessituraEventLink } from './eventLink'
import { chunks, tooMany } from '../limits'
import { isCancelled, isOffSale, mapInstance } from './map'
import { readSeasons, type TessituraPerformance } from './shapes'

/**
 * Tessitura REST (TXN), Basic authentication: the window's performances by Search (of the
 * linked production seasons, or all of them when the connection imports new events), their
 * seasons as events, their keywords (then the keyword filter), and the zones of those on sale.
 */
export const tessitura: Provider = {
  name: 'tessitura',
  label: 'Tessitura',
  cms: tessituraEventLink,
  read: async ({ connection, window, getJson, wanted, linkedEventIds, maxRecords }) => {
    const call = caller({ connection, getJson })
    const now = new Date()
    const kept = new Map<string, TessituraPerformance>()
    const from = window.from.getTime()
    const to = window.to.getTime()
    await searchPerformances({
      call,
      window,
      seasonIds: connection.importNewEvents ? null : linkedEventIds,
      keep: (performance) => {
        const start = Date.parse(performance.start)
        if (start < from || start > to || kept.has(performance.id)) return
        if (!wanted({ externalId: performance.id, eventExternalId: performance.seasonId })) return
        kept.set(performance.id, performance)
        if (kept.size > maxRecords)
          throw tooMany({
            label: 'Tessitura',
            what: 'performances',
            count: kept.size,
            maxRecords,
            atLeast: true,
          })
      },
    })
    const seasonIds = [...new Set([...kept.values()].map((p) => p.seasonId))]
    if (seasonIds.length > maxRecords)
      throw tooMany({
        label: 'Tessitura',
        what: 'production seasons',
        count: seasonIds.length,
        maxRecords,
      })
    const seasons = []
    for (const group of chunks(seasonIds, idsPerCall))
      seasons.push(
        ...readSeasons(
          await call({
            path: 'ProductionSeasons',
            query: { ids: group.join(',') },
            what: 'the production seasons',
          }),
        ),
      )
    const keywords = await readAllKeywords(call, [...kept.keys()])
    const performances = [...kept.values()].filter((p) =>
      wanted({
        externalId: p.id,
        eventExternalId: p.seasonId,
        keywords: (keywords.get(p.id) ?? []).flatMap((w) => [w.id, w.description]),
      }),
    )
    const seats = await readSeats(
      call,
      performances.filter((p) => !isCancelled(p) && !isOffSale(p, now)).map((p) => p.id),
    )
    // Every season a wanted performance named, even when the keyword filter then drops all of
    // its performances: the event still exists at the box office.
    const events = seasons.map((season) => ({
      externalId: season.id,
      title: season.description,
      description: '',
      durationMinutes: null,
      image: null,
    }))
    return {
      events,
      instances: performances.map((performance) =>
        mapInstance({
          performance,
          seats: seats.get(performance.id),
          keywords: keywords.get(performance.id) ?? [],
          tnewAddress: connection.settings.tnewAddress,
          now,
        }),
      ),
    }
  },
  readAvailability,
}
