import { AsyncResource } from 'node:async_hooks'

import pg from 'pg'

import { addStepTime, countStatement } from '../lib/requestContext'
import { DatabaseUnavailable, recordLostConnection } from './unavailable'

type Log = (event: { msg: string; err: unknown }) => void

export type ClosablePool = pg.Pool & { closeAll: (timeoutMs: number) => Promise<void> }

/** The pool's clients are `pg.Client`s, though its events type them without `end()`. */
const endable = (client: pg.PoolClient): client is pg.PoolClient & Pick<pg.Client, 'end'> =>
  'end' in client && typeof client.end === 'function'

/**
 * node-postgres emits `error` on a client whose connection dies. The pool listens only on idle
 * clients, so a client checked out by a transaction when PostgreSQL restarts has no listener and
 * the emit kills the process. Every client gets a listener the moment the pool creates it; the
 * query in flight still fails, and the pool discards the broken client on release.
 *
 * Drizzle recognises a pool by `instanceof Pool` or a constructor name containing "Pool"; the
 * subclass keeps both true.
 */
export const createResilientPg = ({ log }: { log: Log }): typeof pg => {
  class ResilientPool extends pg.Pool {
    private readonly live = new Set<pg.PoolClient>()

    constructor(config?: pg.PoolConfig) {
      super(config)
      this.on('connect', (client) => {
        this.live.add(client)
        let lost = false
        client.on('error', (err) => {
          lost = true
          recordLostConnection(err)
          log({ msg: 'database connection lost (client in use)', err })
        })
        // A transaction that goes on with a client whose connection died gets "not queryable"
        // errors made afresh for each query: they are the same outage.
        const query = client.query.bind(client) as (...args: unknown[]) => unknown
        Object.assign(client, {
          query: (...args: unknown[]) => {
            const timed = countStatement()
            const result = query(...args)
            if (!(result instanceof Promise)) return result
            const started = timed ? performance.now() : 0
            return result.then(
              (value: unknown) => {
                if (timed) addStepTime('sql', performance.now() - started)
                return value
              },
              (err: unknown) => {
                if (timed) addStepTime('sql', performance.now() - started)
                if (lost) recordLostConnection(err)
                throw err
              },
            )
          },
        })
      })
      this.on('remove', (client) => this.live.delete(client as pg.PoolClient))
      this.on('error', (err) => {
        recordLostConnection(err)
        log({ msg: 'database connection lost (idle client)', err })
      })
    }

    /** Not getting a connection at all (refused, timed out) is an outage, whatever the wording. */
    override connect(): Promise<pg.PoolClient>
    override connect(
      callback: (
        err: Error | undefined,
        client: pg.PoolClient | undefined,
        done: () => void,
      ) => void,
    ): void
    override connect(
      callback?: (
        err: Error | undefined,
        client: pg.PoolClient | undefined,
        done: () => void,
      ) => void,
    ): Promise<pg.PoolClient> | void {
      const unavailable = (err: Error): DatabaseUnavailable =>
        new DatabaseUnavailable(`no database connection: ${err.message}`, { cause: err })
      if (!callback) {
        return super.connect().catch((err: Error) => {
          throw unavailable(err)
        })
      }
      // A client given back by other work is handed over in that work's context: the caller's
      // is kept, so the statements it sends count for its own request (`countStatement`).
      const own = AsyncResource.bind(callback)
      super.connect((err, client, done) => own(err ? unavailable(err) : undefined, client, done))
    }

    /**
     * `end()` waits for every checked-out client to come back, and Payload keeps one checked out
     * for the life of the process, so it would wait forever. Close what is idle, give the rest
     * `timeoutMs` to come back, then close them too.
     */
    async closeAll(timeoutMs: number): Promise<void> {
      const ended = this.end().catch(() => undefined)
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs))
      if ((await Promise.race([ended, timer])) !== 'timeout') return
      await Promise.all(
        [...this.live].map((client) =>
          endable(client) ? client.end().catch(() => undefined) : undefined,
        ),
      )
    }
  }
  return { ...pg, Pool: ResilientPool }
}
