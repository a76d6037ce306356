import type { Connection } from '../../types'
import type { GetJson } from '../http'
import { tooMany } from '../limits'
import type { Provider, Window } from '../types'
import { apiUrl, signedHeaders } from './address'
import { readSpektrixAvailability } from './availability'
import { spektrixEventLink } from './eventLink'
import { mapEvent, mapInstance } from './map'
import { readStatuses } from './statuses'
import { readEvents, readInstances, type SpektrixInstance } from './shapes'

/** Spektrix advises small date batches: one instance call per this many days. */
export const batchDays = 31

const spektrixLabel = 'Spektrix'

/** Status calls under way at once, over one keep-alive agent. */

const day = (date: Date): string => date.toISOString().slice(0, 10)

/** The window cut into date batches, each `[from, to]` as Spektrix's YYYY-MM-DD. */
export const dateBatches = (window: Window): { from: string; to: string }[] => {
  const batches: { from: string; to: string }[] = []
  const end = new Date(`${day(window.to)}T00:00:00Z`)
  for (let start = new Date(`${day(window.from)}T00:00:00Z`); start <= end;) {
    const last = new Date(Math.min(start.getTime() + (batchDays - 1) * 86_400_000, end.getTime()))
    batches.push({ from: day(start), to: day(last) })
    start = new Date(last.getTime() + 86_400_000)
  }
  return batches
}

const caller = ({ connection, getJson }: { connection: Connection; getJson: GetJson }) => {
  const { apiUser, apiKey } = connection.credentials
  return ({
    path,
    query,
    what,
  }: {
    path: string
    query?: Record<string, string>
    what: string
  }) => {
    const url = apiUrl({ connection, path, query })
    return getJson({
      url,
      what,
      headers: apiUser && apiKey ? () => signedHeaders({ url, apiUser, apiKey }) : undefined,
    })
  }
}

/**
 * Spektrix API v3, web mode (no credentials needed) or owner mode (signed, when the
 * connection has `apiUser` and `apiKey`): the events with performances in the window, the
 * performances in date batches, and each kept performance's status for its availability.
 */
export const spektrix: Provider = {
  name: 'spektrix',
  label: spektrixLabel,
  cms: spektrixEventLink,
  readAvailability: ({ connection, getJson, instances }) =>
    readSpektrixAvailability({ get: caller({ connection, getJson }), instances, dateBatches }),
  read: async ({ connection, window, getJson, wanted, maxRecords }) => {
    const get = caller({ connection, getJson })
    const listed = readEvents(
      await get({
        path: 'events',
        query: { instanceStart_from: day(window.from), instanceStart_to: day(window.to) },
        what: 'the event list',
      }),
    )
    if (listed.length > maxRecords)
      throw tooMany({ label: spektrixLabel, what: 'events', count: listed.length, maxRecords })
    const events = listed.map(mapEvent)
    // Kept as each batch is read: the window's wanted performances, the first of a repeated id
    // (batches meet at day boundaries only, but a box office may repeat one). The rest of an
    // answer goes with it.
    const kept = new Map<string, SpektrixInstance>()
    const from = window.from.getTime()
    const to = window.to.getTime()
    for (const batch of dateBatches(window)) {
      const answer = readInstances(
        await get({
          path: 'instances',
          query: { startFrom: batch.from, startTo: batch.to },
          what: `the instances from ${batch.from} to ${batch.to}`,
        }),
      )
      for (const instance of answer) {
        const start = Date.parse(instance.startUtc)
        if (start < from || start > to || kept.has(instance.id)) continue
        if (!wanted({ externalId: instance.id, eventExternalId: instance.eventId })) continue
        kept.set(instance.id, instance)
        if (kept.size > maxRecords)
          throw tooMany({
            label: spektrixLabel,
            what: 'performances',
            count: kept.size,
            maxRecords,
            atLeast: true,
          })
      }
    }
    const unique = [...kept.values()]
    const durations = new Map(events.map((e) => [e.externalId, e.durationMinutes]))
    const statuses = await readStatuses({ get, instances: unique })
    return {
      events,
      instances: unique.map((instance) =>
        mapInstance({
          instance,
          durationMinutes: durations.get(instance.eventId) ?? null,
          status: statuses.get(instance.id),
          clientName: connection.settings.clientName ?? '',
          customDomain: connection.settings.customDomain,
        }),
      ),
    }
  },
}
