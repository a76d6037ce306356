import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { postgresOf } from './postgres'

/**
 * Listens on a PostgreSQL channel on one connection of the pool, and listens again after the
 * connection is lost (a database restart), calling `onNotify` once then too: what was
 * announced while it was away is not repeated. A listener that must not miss one (the read
 * cache) stops trusting what it holds at `onLost` and starts again at `onNotify(undefined)`.
 */
export const listen = ({
  payload,
  channel,
  onNotify,
  onLost,
  retryMs = 1000,
  syncTimeoutMs = 1000,
}: {
  payload: Payload
  /** A fixed identifier of ours, never user input. */
  channel: string
  onNotify: (payload: string | undefined) => void
  /** The connection is gone: notifications may be missed until `onNotify(undefined)` again. */
  onLost?: () => void
  retryMs?: number
  /** How long `sync` waits for the listening connection before taking it for lost. */
  syncTimeoutMs?: number
}): {
  close: () => void
  /**
   * Resolves once every notification committed before the call has been handed to `onNotify`:
   * PostgreSQL sends a listening session's pending notifications before it answers the
   * session's next statement. Rejects while there is no listening connection.
   */
  sync: () => Promise<void>
} => {
  let closed = false
  let current: PoolClient | undefined
  let timer: NodeJS.Timeout | undefined
  /** Releases the listening connection once, however many ways it is lost or closed. */
  let dropCurrent: (() => void) | undefined

  const again = (): void => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, retryMs)
    timer.unref()
  }

  const connect = async (): Promise<void> => {
    let held: PoolClient
    try {
      held = await postgresOf(payload).pool.connect()
    } catch {
      return again()
    }
    let released = false
    const drop = (err?: Error): void => {
      if (released) return
      released = true
      dropCurrent = undefined
      current = undefined
      onLost?.()
      held.release(err ?? true)
      again()
    }
    held.on('error', drop)
    held.on('end', () => drop())
    held.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload)
    })
    try {
      await held.query(`listen ${channel}`)
    } catch {
      return drop()
    }
    if (closed) return drop()
    dropCurrent = () => drop()
    current = held
    onNotify(undefined)
  }

  void connect()
  return {
    close: () => {
      closed = true
      if (timer) clearTimeout(timer)
      dropCurrent?.()
    },
    sync: async () => {
      const held = current
      if (!held) throw new Error(`not listening on ${channel}`)
      // A connection that a NAT or firewall dropped without a word answers nothing: it is
      // given up after `syncTimeoutMs`, so the cache stops being trusted and waiters go on.
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          held.query('select 1'),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              if (current === held) dropCurrent?.()
              reject(new Error(`no answer on ${channel} within ${syncTimeoutMs} ms`))
            }, syncTimeoutMs)
          }),
        ])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
