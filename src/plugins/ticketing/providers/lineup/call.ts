import type { Connection } from '../../types'
import { ProviderError, type GetJson } from '../http'
import { apiUrl, lineupHeaders } from './address'
import { eachLimited } from '../limits'
import { readPerformance, type LineUpPerformance } from './shapes'

/** Detail calls under way at once, over one keep-alive agent. */
export const detailConcurrency = 8

export type LineUpGet = (args: { url: URL; what: string }) => Promise<unknown>

/** One caller for the run: the headers are checked (and a missing key fails) before any call. */
export const lineupCaller = ({
  connection,
  getJson,
}: {
  connection: Connection
  getJson: GetJson
}): LineUpGet => {
  const headers = lineupHeaders(connection)
  return ({ url, what }) => getJson({ url, what, headers: () => headers })
}

/** Each named performance's detail (with pricing and counts), `detailConcurrency` at a time. */
export const readDetails = async ({
  connection,
  get,
  ids,
  skipMissing = false,
}: {
  connection: Connection
  get: LineUpGet
  ids: readonly string[]
  /** A performance Line-Up no longer has (404) is left out instead of failing the run. */
  skipMissing?: boolean
}): Promise<Map<string, LineUpPerformance>> => {
  const detailed = new Map<string, LineUpPerformance>()
  let missing = 0
  await eachLimited(ids, detailConcurrency, async (id) => {
    const what = `performance ${id}`
    let body: unknown
    try {
      body = await get({
        url: apiUrl({ connection, path: `performance/${encodeURIComponent(id)}/` }),
        what,
      })
    } catch (err) {
      if (!skipMissing || !(err instanceof ProviderError) || err.status !== 404) throw err
      missing++
      return
    }
    const performance = readPerformance(body, what)
    // A detail is written under the asked id: one that answers for another would overwrite it.
    if (performance.id !== id)
      throw new ProviderError(`Line-Up answered performance ${performance.id} for ${what}.`)
    detailed.set(id, performance)
  })
  // Every one gone is more likely a wrong address than a season's removals.
  if (missing > 0 && detailed.size === 0)
    throw new ProviderError(
      `Line-Up answered 404 for performance ${ids[0]}. No asked performance was found.`,
    )
  return detailed
}
