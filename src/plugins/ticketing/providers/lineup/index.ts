import type { Connection } from '../../types'
import type { Provider, ProviderInstance } from '../types'
import { apiUrl } from './address'
import { readAvailability } from './availability'
import { lineupCaller, readDetails, type LineUpGet } from './call'
import { lineupEventLink } from './eventLink'
import { tooMany } from '../limits'
import { mapEvent, mapInstance, zonedInstant } from './map'
import { eachPage } from './pages'
import {
  readEvent,
  readEventPage,
  readPerformancePage,
  type LineUpEvent,
  type LineUpPerformance,
} from './shapes'

const day = (date: Date): string => date.toISOString().slice(0, 10)

/** Every performance of an event from `from` on, page after page, each handed to `keep`. */
export const eachPerformance = async ({
  connection,
  get,
  eventId,
  from,
  keep,
}: {
  connection: Connection
  get: LineUpGet
  /** One event's; none: every event's. */
  eventId?: string
  from: Date
  keep: (performance: LineUpPerformance) => void
}): Promise<void> =>
  eachPage({
    first: apiUrl({
      connection,
      path: 'performance/',
      query: {
        ...(eventId ? { event_id: eventId } : {}),
        start_date: day(from),
        page: '1',
      },
    }),
    what: eventId ? `the performances of event ${eventId}` : 'the performance list',
    get,
    onPage: (body) => readPerformancePage(body).forEach(keep),
  })

/**
 * Line-Up's transactional API (Bearer key, optional sales channel): each linked event and its
 * performances from the window's start (with `importNewEvents`, the event list first), then
 * each kept performance's detail for its pricing, which the list leaves out.
 */
export const lineup: Provider = {
  name: 'lineup',
  label: 'Line-Up',
  cms: lineupEventLink,
  read: async ({ connection, window, getJson, wanted, linkedEventIds, maxRecords }) => {
    const get = lineupCaller({ connection, getJson })
    const template = connection.settings.bookingLinkTemplate
    const events = new Map<string, LineUpEvent>()
    const over = (what: string, count: number) =>
      tooMany({ label: 'Line-Up', what, count, maxRecords, atLeast: true })
    const detail = async (id: string): Promise<void> => {
      if (events.has(id)) return
      events.set(
        id,
        readEvent(
          await get({
            url: apiUrl({ connection, path: `event/${encodeURIComponent(id)}/` }),
            what: `event ${id}`,
          }),
          `event ${id}`,
        ),
      )
    }
    // Kept as each page is read: the window's wanted performances, the first of a repeated id.
    const kept = new Map<string, LineUpPerformance>()
    const from = window.from.getTime()
    const to = window.to.getTime()
    const keep = (performance: LineUpPerformance): void => {
      if (kept.has(performance.id)) return
      const start = Date.parse(
        zonedInstant({
          date: performance.startDate,
          time: performance.startTime,
          timeZone: performance.timeZone,
        }),
      )
      if (start < from || start > to) return
      if (!wanted({ externalId: performance.id, eventExternalId: performance.eventId })) return
      kept.set(performance.id, performance)
      if (kept.size > maxRecords) throw over('performances', kept.size)
    }
    if (connection.importNewEvents) {
      // Every event, then every performance from the window's start in one list (not one list
      // per event: an organisation's past events would each cost a call).
      await eachPage({
        first: apiUrl({ connection, path: 'event/', query: { page: '1' } }),
        what: 'the event list',
        get,
        onPage: (body) => {
          for (const event of readEventPage(body)) {
            events.set(event.id, event)
            if (events.size > maxRecords) throw over('events', events.size)
          }
        },
      })
      await eachPerformance({ connection, get, from: window.from, keep })
    } else
      for (const id of linkedEventIds)
        await eachPerformance({ connection, get, eventId: id, from: window.from, keep })
    // The linked events (their fields stay fresh without performances) and those with kept
    // performances: an imported event with none in the window is no event of the run's.
    const needed = [...new Set([...linkedEventIds, ...[...kept.values()].map((p) => p.eventId)])]
    if (needed.length > maxRecords)
      throw tooMany({ label: 'Line-Up', what: 'events', count: needed.length, maxRecords })
    for (const id of needed) await detail(id)
    const detailed = await readDetails({ connection, get, ids: [...kept.keys()] })
    const instances: ProviderInstance[] = [...kept.values()].map((listed) =>
      mapInstance({
        performance: detailed.get(listed.id) ?? listed,
        event: events.get(listed.eventId),
        bookingLinkTemplate: template,
      }),
    )
    return {
      events: needed.map((id) =>
        mapEvent({ event: events.get(id)!, bookingLinkTemplate: template }),
      ),
      instances,
    }
  },
  readAvailability,
}
