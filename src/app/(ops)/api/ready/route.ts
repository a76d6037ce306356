import config from '@payload-config'
import { getPayload } from 'payload'

import { checkDatabase } from '@/db/checkDatabase'
import { problemOf, problemResponse } from '@/lib/problem'
import { readSettings } from '@/lib/settings'

/** Readiness: the database answers `select 1` within READY_TIMEOUT_MS. */
export const dynamic = 'force-dynamic'

export const GET = async (): Promise<Response> => {
  const { readyTimeoutMs } = readSettings()
  const started = Date.now()
  try {
    const payload = await getPayload({ config })
    await checkDatabase({ payload, timeoutMs: readyTimeoutMs })
    return Response.json(
      { status: 'ready', databaseMs: Date.now() - started },
      { headers: { 'cache-control': 'no-store' } },
    )
  } catch (err) {
    // The cause goes to the log; anyone may call this route, so the answer says no more.
    console.warn(
      `[ready] database check failed: ${err instanceof Error ? err.message : String(err)}`,
    )
    return problemResponse({
      problem: problemOf({
        status: 503,
        type: 'database-unavailable',
        detail: 'The database did not answer.',
      }),
      headers: { 'retry-after': '2' },
    })
  }
}
