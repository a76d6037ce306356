import type { Connection } from '../../types'
import type { GetJson } from '../http'
import { apiUrl, lineupHeaders } from './address'
import { eachLimited } from './limits'
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
}: {
  connection: Connection
  get: LineUpGet
  ids: readonly string[]
}): Promise<Map<string, LineUpPerformance>> => {
  const detailed = new Map<string, LineUpPerformance>()
  await eachLimited(ids, detailConcurrency, async (id) => {
    detailed.set(
      id,
      readPerformance(
        await get({
          url: apiUrl({ connection, path: `performance/${encodeURIComponent(id)}/` }),
          what: `performance ${id}`,
        }),
        `performance ${id}`,
      ),
    )
  })
  return detailed
}
