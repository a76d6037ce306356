import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type {
  BeginTransaction,
  CommitTransaction,
  PayloadRequest,
  RollbackTransaction,
} from 'payload'
import { randomUUID } from 'node:crypto'

import { timeStep } from '../lib/requestContext'
import { keepPlans, keepsPlans } from './keyPlans'
import { DatabaseUnavailable } from './unavailable'

type Transaction = PostgresAdapter['sessions'][string]['db']

type EndHook = (committed: boolean) => Promise<void> | void

/** Work to do when a transaction ends, by transaction id: cleanup that must follow the outcome. */
const endHooks = new Map<string, EndHook[]>()

const runEndHooks = async ({ id, committed }: { id: string; committed: boolean }) => {
  const hooks = endHooks.get(id) ?? []
  endHooks.delete(id)
  for (const hook of hooks) await Promise.resolve(hook(committed)).catch(() => undefined)
}

/**
 * Runs `hook` once the request's transaction commits (`true`) or rolls back (`false`), so that
 * effects outside the database (files written, slots taken) follow what the database kept.
 * Without a transaction it runs at once, as if committed: the caller must not rely on a rollback.
 */
export const onTransactionEnd = async ({
  req,
  hook,
}: {
  req: PayloadRequest
  hook: EndHook
}): Promise<void> => {
  const id = req.transactionID instanceof Promise ? await req.transactionID : req.transactionID
  if (!id) return void (await hook(true))
  endHooks.set(String(id), [...(endHooks.get(String(id)) ?? []), hook])
}

/** Work to do in a transaction just before it commits, by transaction id (`atCommit.ts`). */
const commitHooks = new Map<
  string,
  { first: (() => Promise<void>)[]; last: (() => Promise<void>)[] }
>()

/** The next hook to run before the commit: those not `last` first, in the order given. */
const nextCommitHook = (id: string): (() => Promise<void>) | undefined => {
  const hooks = commitHooks.get(id)
  return hooks?.first.shift() ?? hooks?.last.shift()
}

/**
 * Runs `hook` in the request's transaction just before it commits; a hook that throws rolls the
 * transaction back, and the commit throws what it threw. A `last` hook runs after every other
 * (the change log's, whose lock must be the last a transaction takes, so that no two wait on
 * each other). Without a transaction, at once.
 */
export const beforeCommit = async ({
  req,
  hook,
  last = false,
}: {
  req: PayloadRequest
  hook: () => Promise<void>
  last?: boolean
}): Promise<void> => {
  const id = req.transactionID instanceof Promise ? await req.transactionID : req.transactionID
  if (!id) return hook()
  const hooks = commitHooks.get(String(id)) ?? { first: [], last: [] }
  hooks[last ? 'last' : 'first'].push(hook)
  commitHooks.set(String(id), hooks)
}

/** Thrown inside the drizzle callback to make drizzle roll back; never reaches a caller. */
const rollbackRequested = Symbol('rollback requested')

/**
 * Payload lifts drizzle's callback-style transaction into begin/commit/rollback calls, but its
 * stock version catches the promise of the transaction and its commit swallows what is left, so
 * a COMMIT that fails (the server restarted under it) is reported as success and the caller is
 * told a write landed that never did. This version keeps the outcome of COMMIT and rethrows it.
 */
export const beginTransaction: BeginTransaction = async function beginTransaction(
  this: PostgresAdapter,
  options,
) {
  await this.initializing
  const drizzle = this.drizzle
  let finish: (commit: boolean) => void = () => undefined
  let opened: (tx: Transaction) => void = () => undefined
  let failedToOpen: (err: unknown) => void = () => undefined
  const ready = new Promise<Transaction>((resolve, reject) => {
    opened = resolve
    failedToOpen = reject
  })

  const outcome = drizzle.transaction(
    async (tx) => {
      const commit = await new Promise<boolean>((resolve) => {
        finish = resolve
        opened(tx as Transaction)
      })
      if (!commit) throw rollbackRequested
    },
    (options ?? this.transactionOptions) as Parameters<typeof drizzle.transaction>[1],
  )
  // Settle once, never reject: an unobserved rejection here would be an unhandled one.
  const settled: Promise<unknown> = outcome.then(
    () => undefined,
    (err: unknown) => {
      failedToOpen(err)
      return err
    },
  )

  let tx: Transaction
  try {
    tx = await ready
    if (keepsPlans()) {
      await tx.execute(keepPlans).catch(async (err) => {
        finish(false)
        await settled
        throw err
      })
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    this.payload.logger.error({ err, msg: `cannot begin transaction: ${message}` })
    throw new DatabaseUnavailable(`cannot begin transaction: ${message}`, { cause: err })
  }

  const id = randomUUID()
  this.sessions[id] = {
    db: tx,
    resolve: async () => {
      finish(true)
      const err = await settled
      if (err !== undefined) throw err
    },
    reject: async () => {
      finish(false)
      await settled
    },
  }
  return id
}

export const commitTransaction: CommitTransaction = async function commitTransaction(
  this: PostgresAdapter,
  incomingID,
) {
  const id = await incomingID
  const session = this.sessions[id]
  // Already ended: an operation that shares a transaction with its caller commits once.
  if (!session) return
  // The work gathered for the commit and the COMMIT itself: the `commit` step of Server-Timing.
  await timeStep('commit', async () => {
    try {
      // While the session is still the request's: a hook may add another.
      for (let hook = nextCommitHook(String(id)); hook; hook = nextCommitHook(String(id)))
        await hook()
      commitHooks.delete(String(id))
    } catch (err) {
      commitHooks.delete(String(id))
      delete this.sessions[id]
      await session.reject().catch(() => undefined)
      await runEndHooks({ id: String(id), committed: false })
      throw err
    }
    delete this.sessions[id]
    try {
      await session.resolve()
    } catch (err) {
      this.payload.logger.error({ err, msg: 'COMMIT failed; the write did not land' })
      await runEndHooks({ id: String(id), committed: false })
      throw new DatabaseUnavailable('The database did not confirm the write; it was not saved.', {
        cause: err,
      })
    }
    await runEndHooks({ id: String(id), committed: true })
  })
}

export const rollbackTransaction: RollbackTransaction = async function rollbackTransaction(
  this: PostgresAdapter,
  incomingID = '',
) {
  const id = incomingID instanceof Promise ? await incomingID : incomingID
  const session = this.sessions[id]
  // Several operations may share a transaction: the first to roll back ends it.
  commitHooks.delete(String(id))
  if (!session) return
  delete this.sessions[id]
  try {
    await session.reject()
  } finally {
    await runEndHooks({ id: String(id), committed: false })
  }
}
