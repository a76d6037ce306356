import { AsyncResource } from 'node:async_hooks'

import pg from 'pg'

import { addStepTime, countStatement } from '../lib/requestContext'
import { isStalePreparedStatement, preparedName, refusePrepared } from './preparedStatements'
import { DatabaseUnavailable, recordLostConnection } from './unavailable'

type Log = (event: { msg: string; err: unknown }) => void

export type ClosablePool = pg.Pool & { closeAll: (timeoutMs: number) => Promise<void> }

/** The pool's clients are `pg.Client`s, though its events type them without `end()`. */
const endable = (client: pg.PoolClient): client is pg.PoolClient & Pick<pg.Client, 'end'> =>
  'end' in client && typeof client.end === 'function'

type QueryConfig = { text: string; name?: string; values?: unknown[] }
type Callback = (err: Error | null, result?: unknown) => void

/** A statement's text and values as `client.query` takes them; not a Query or Cursor object. */
const configOf = (first: unknown): QueryConfig | undefined => {
  if (typeof first === 'string') return { text: first }
  if (!first || typeof first !== 'object') return undefined
  const config = first as QueryConfig & { submit?: unknown }
  return typeof config.text === 'string' && typeof config.submit !== 'function' ? config : undefined
}

/**
 * A statement with parameters that the process runs again and again gets a name
 * (`preparedStatements.ts`), so PostgreSQL parses it once per connection: Payload's inserts and
 * the change log's statement cost more to parse than to run.
 */
const named = (args: unknown[]): { args: unknown[]; text?: string } => {
  const [first, second] = args
  const config = configOf(first)
  const values = Array.isArray(second) ? second : config?.values
  if (!config || config.name || !values || values.length === 0) return { args }
  const name = preparedName(config.text)
  return name ? { args: [{ ...config, name }, ...args.slice(1)], text: config.text } : { args }
}

/**
 * A statement answered to a callback (pg-pool's own `query`) counts its time in the request's
 * `sql` step as a promise's does. The callback runs in the request's context, where the step is.
 */
const timedCallback = (args: unknown[], started: number): unknown[] => {
  const at = args.findLastIndex((arg) => typeof arg === 'function')
  if (at < 0) return args
  const callback = args[at] as Callback
  const timed = [...args]
  timed[at] = AsyncResource.bind((err: Error | null, result?: unknown) => {
    addStepTime('sql', performance.now() - started)
    callback(err, result)
  })
  return timed
}

/**
 * A named statement with a callback is pg-pool's own `query`: one statement on a connection of
 * its own, outside any transaction. One that went stale (a migration changed its table) is
 * refused from now on and run again unnamed, so its caller sees no error.
 */
const retriedUnnamed = ({
  args,
  call,
  query,
}: {
  args: unknown[]
  call: { args: unknown[]; text: string }
  query: (...args: unknown[]) => unknown
}): unknown => {
  const at = call.args.findLastIndex((arg) => typeof arg === 'function')
  const callback = call.args[at] as Callback
  const retrying = [...call.args]
  retrying[at] = (err: Error | null, result?: unknown) => {
    if (!err || !isStalePreparedStatement(err)) return callback(err, result)
    refusePrepared(call.text)
    query(...args)
  }
  return query(...retrying)
}

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
            const started = timed ? performance.now() : 0
            const sent = timed ? timedCallback(args, started) : args
            const call = named(sent)
            if (call.text && call.args.some((arg) => typeof arg === 'function'))
              return retriedUnnamed({
                args: sent,
                call: { args: call.args, text: call.text },
                query,
              })
            const result = query(...call.args)
            if (!(result instanceof Promise)) return result
            return result.then(
              (value: unknown) => {
                if (timed) addStepTime('sql', performance.now() - started)
                return value
              },
              (err: unknown) => {
                if (timed) addStepTime('sql', performance.now() - started)
                if (lost) recordLostConnection(err)
                // A table changed under it: the text runs unnamed from now on. This run fails:
                // in a transaction, a second try would only meet the aborted transaction.
                if (call.text && isStalePreparedStatement(err)) refusePrepared(call.text)
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
     * `end()` waits for every checked-out client to come back, and one held by work that does
     * not end (a listener that missed its shutdown) would keep it waiting forever. Close what is
     * idle, give the rest `timeoutMs` to come back, then close them too.
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
