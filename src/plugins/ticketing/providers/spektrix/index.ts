import type { Connection } from '../../types'
import type { GetJson } from '../http'
import type { Provider, Window } from '../types'
import { apiUrl, signedHeaders } from './address'
import { mapEvent, mapInstance } from './map'
import { readEvents, readInstances, readStatus, type SpektrixStatus } from './shapes'

/** Spektrix advises small date batches: one instance call per this many days. */
export const batchDays = 31

/** Status calls under way at once, over one keep-alive agent. */
const statusConcurrency = 8

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

/** Runs `task` over `items`, `limit` at a time. */
const eachLimited = async <T>(items: T[], limit: number, task: (item: T) => Promise<void>) => {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * Spektrix API v3, web mode (no credentials needed) or owner mode (signed, when the
 * connection has `apiUser` and `apiKey`): the events with performances in the window, the
 * performances in date batches, and each kept performance's status for its availability.
 */
export const spektrix: Provider = {
  name: 'spektrix',
  label: 'Spektrix',
  read: async ({ connection, window, getJson, wanted }) => {
    const get = caller({ connection, getJson })
    const events = readEvents(
      await get({
        path: 'events',
        query: { instanceStart_from: day(window.from), instanceStart_to: day(window.to) },
        what: 'the event list',
      }),
    ).map(mapEvent)
    const instances = []
    for (const batch of dateBatches(window)) {
      instances.push(
        ...readInstances(
          await get({
            path: 'instances',
            query: { startFrom: batch.from, startTo: batch.to },
            what: `the instances from ${batch.from} to ${batch.to}`,
          }),
        ),
      )
    }
    // Batches meet at day boundaries only, but a box office may repeat one: keep the first.
    const unique = [...new Map(instances.map((i) => [i.id, i])).values()]
    const durations = new Map(events.map((e) => [e.externalId, e.durationMinutes]))
    const statuses = new Map<string, SpektrixStatus>()
    const asked = unique.filter(
      (i) => !i.cancelled && i.isOnSale && wanted({ externalId: i.id, eventExternalId: i.eventId }),
    )
    await eachLimited(asked, statusConcurrency, async (instance) => {
      statuses.set(
        instance.id,
        readStatus(
          await get({
            path: `instances/${encodeURIComponent(instance.id)}/status`,
            what: `the status of instance ${instance.id}`,
          }),
        ),
      )
    })
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
