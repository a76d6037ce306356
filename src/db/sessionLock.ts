import type { Payload } from 'payload'

import { postgresOf } from './postgres'

/**
 * Runs `work` while this process holds a session advisory lock named `key`, on a connection of
 * its own: waiting for it (`wait`), or not at all when another holds it (then `held` is false
 * and `work` does not run). A connection that cannot say it let go is destroyed, never put back
 * into the pool still holding the lock.
 */
export const withSessionLock = async <T>({
  payload,
  key,
  wait,
  work,
}: {
  payload: Payload
  key: string
  wait: boolean
  work: () => Promise<T>
}): Promise<{ held: false } | { held: true; value: T }> => {
  const client = await postgresOf(payload).pool.connect()
  let broken: Error | undefined
  try {
    if (wait) await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key])
    else {
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as held',
        [key],
      )
      if (!rows[0]?.held) return { held: false }
    }
    try {
      return { held: true, value: await work() }
    } finally {
      await client
        .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
        .catch((err: unknown) => {
          broken = err instanceof Error ? err : new Error(String(err))
        })
    }
  } finally {
    client.release(broken)
  }
}
