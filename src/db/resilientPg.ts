import pg from 'pg'

type Log = (event: { msg: string; err: unknown }) => void

export type ClosablePool = pg.Pool & { closeAll: (timeoutMs: number) => Promise<void> }

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
        client.on('error', (err) => log({ msg: 'database connection lost (client in use)', err }))
      })
      this.on('remove', (client) => this.live.delete(client as pg.PoolClient))
      this.on('error', (err) => log({ msg: 'database connection lost (idle client)', err }))
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
          (client as unknown as pg.Client).end().catch(() => undefined),
        ),
      )
    }
  }
  return { ...pg, Pool: ResilientPool }
}
