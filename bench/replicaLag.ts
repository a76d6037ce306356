import pg from 'pg'

import { percentile } from './load'
import { startApp } from '../tests/helpers/app'
import { startReplica } from '../tests/helpers/replica'

/**
 * A streaming replica of the bench's database: how long after a partner's write is answered
 * the replica has it (polled on the replica every millisecond or so), and whether a read
 * through the app right after the write ever missed it (it must not: the tenant's reads stay
 * on the primary until a replica has replayed the commit).
 */
export const measureReplicaLag = async ({
  databaseUri,
  tenant,
  writeKey,
  ids,
  print,
}: {
  databaseUri: string
  tenant: string
  writeKey: string
  /** Events of the tenant to retitle, one write each. */
  ids: string[]
  print: (line: string) => void
}): Promise<void> => {
  const replica = await startReplica({ primaryUri: databaseUri })
  const app = await startApp({
    databaseUri,
    env: { DATABASE_READ_URIS: replica.connectionString, DATABASE_READ_PROBE_MS: '100' },
  })
  const onReplica = new pg.Client({ connectionString: replica.connectionString })
  await onReplica.connect()
  try {
    const delays: number[] = []
    let staleReads = 0
    const headers = { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' }
    for (const [i, id] of ids.entries()) {
      const title = `Replicated ${i} ${Math.random()}`
      const url = `${app.origin}/api/partners/2025-07/${tenant}/events/${id}`
      await fetch(url, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title, _status: 'published' }),
      })
      const answered = performance.now()
      const read = (await (await fetch(url, { headers })).json()) as { title?: string }
      if (read.title !== title) staleReads++
      for (;;) {
        const { rows } = await onReplica.query<{ title: string }>(
          'select title from events where id = $1',
          [id],
        )
        if (rows[0]?.title === title || performance.now() - answered > 5_000) break
      }
      delays.push(performance.now() - answered)
    }
    delays.sort((a, b) => a - b)
    print(
      `replica lag after a write (${ids.length} writes): the replica had it p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, max ${(delays.at(-1) ?? 0).toFixed(1)} ms after the answer; reads through the app right after the write that missed it: ${staleReads}/${ids.length}`,
    )
  } finally {
    await onReplica.end()
    await app.stop()
    await replica.remove()
  }
}
