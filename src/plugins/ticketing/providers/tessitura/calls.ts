import type { Connection } from '../../types'
import type { GetJson } from '../http'
import type { Window } from '../types'
import { apiUrl, basicHeader } from './address'
import { chunks } from '../limits'
import {
  readKeywords,
  readPerformances,
  readZones,
  type TessituraKeywords,
  type TessituraPerformance,
  type TessituraZones,
} from './shapes'

/** One Search call per this many days, so answers stay bounded (the Spektrix batch rule). */
export const batchDays = 31

/** Tessitura's list parameters take at most this many ids a call. */
export const idsPerCall = 100

/** The window cut into batches of at most `batchDays`, as instants. */
export const dateBatches = (window: Window): Window[] => {
  const batches: Window[] = []
  for (let from = window.from.getTime(); from <= window.to.getTime();) {
    const to = Math.min(from + batchDays * 86_400_000 - 1, window.to.getTime())
    batches.push({ from: new Date(from), to: new Date(to) })
    from = to + 1
  }
  return batches
}

/** A caller for one connection: the credentials are checked before its first call. */
export const caller = ({ connection, getJson }: { connection: Connection; getJson: GetJson }) => {
  const headers = basicHeader(connection.credentials)
  return ({
    path,
    query,
    what,
    body,
  }: {
    path: string
    query?: Record<string, string>
    what: string
    body?: unknown
  }) =>
    getJson({
      url: apiUrl({ connection, path, query }),
      what,
      headers: () => headers,
      ...(body === undefined ? {} : { method: 'POST' as const, body }),
    })
}

export type Call = ReturnType<typeof caller>

/**
 * Performances/Search over the window in date batches; with `seasonIds`, at most 100 seasons a
 * call; `null` reads every season. Each performance is handed to `keep` as it is read.
 */
export const searchPerformances = async ({
  call,
  window,
  seasonIds,
  keep,
}: {
  call: Call
  window: Window
  seasonIds: readonly string[] | null
  keep: (performance: TessituraPerformance) => void
}): Promise<void> => {
  const groups = seasonIds === null ? [null] : chunks(seasonIds, idsPerCall)
  for (const batch of dateBatches(window))
    for (const group of groups) {
      const what = `the performances from ${batch.from.toISOString().slice(0, 10)} to ${batch.to.toISOString().slice(0, 10)}`
      const answer = readPerformances(
        await call({
          path: 'Performances/Search',
          what,
          body: {
            PerformanceStartDate: batch.from.toISOString(),
            PerformanceEndDate: batch.to.toISOString(),
            ...(group ? { ProductionSeasonIds: group.join(',') } : {}),
          },
        }),
        what,
      )
      for (const performance of answer) keep(performance)
    }
}

/** Seats left by performance, 100 performances a call. */
export const readSeats = async (call: Call, ids: readonly string[]): Promise<TessituraZones> => {
  const seats: TessituraZones = new Map()
  for (const group of chunks(ids, idsPerCall)) {
    const answer = readZones(
      await call({
        path: 'Performances/Zones',
        query: { performanceIds: group.join(',') },
        what: 'the zones',
      }),
    )
    for (const [id, n] of answer) seats.set(id, n)
  }
  return seats
}

/** Keywords by performance (with those inherited from season and title), 100 a call. */
export const readAllKeywords = async (
  call: Call,
  ids: readonly string[],
): Promise<TessituraKeywords> => {
  const keywords: TessituraKeywords = new Map()
  for (const group of chunks(ids, idsPerCall)) {
    const answer = readKeywords(
      await call({
        path: 'ProductKeywords',
        query: { productionElementIds: group.join(','), showAll: 'true' },
        what: 'the keywords',
      }),
    )
    for (const [id, words] of answer) keywords.set(id, words)
  }
  return keywords
}
