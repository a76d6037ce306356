import { randomUUID } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import {
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { executeInRequest } from '../../src/db/inTransaction'
import { planEachRun } from '../../src/db/keyPlans'
import { findsByKeyOnly, runInRequest } from '../../src/lib/requestContext'
import { tenantMember } from '../../src/access/readScope'
import type { Tenant } from '../../src/payload-types'
import type { PartnerPrincipal } from '../../src/plugins/partnerApi/keys/authorize'
import { partnerKinds } from '../../src/plugins/partnerApi/kinds/model'
import { createRecord } from '../../src/plugins/partnerApi/operations/create'
import { createRecords } from '../../src/plugins/partnerApi/operations/createMany'
import { updateRecord } from '../../src/plugins/partnerApi/operations/update'
import { getTestPayload } from '../helpers/payload'
import { inTransaction } from '../helpers/transactions'
import { createTenant } from '../helpers/tenants'

/**
 * A request that finds rows by key only (a partner create, `findsByKeyOnly`) has its
 * transactions keep one plan for each named statement on the connection; every other
 * transaction, and the same connection after it, plans each run afresh (`adapter.ts`).
 */
let payload: Payload
let tenant: Tenant

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'plans-by-key' })
})

const planMode = (req: PayloadRequest) =>
  executeInRequest<{ mode: string; seqscan: string; pid: number }>({
    req,
    query: sql`select current_setting('plan_cache_mode') as mode,
      current_setting('enable_seqscan') as seqscan, pg_backend_pid() as pid`,
  }).then((rows) => rows[0]!)

/** A transaction opened inside a request; `byKey` says it finds rows by key only. */
const inRequest = <T>({ byKey, work }: { byKey: boolean; work: () => Promise<T> }) =>
  runInRequest({ id: 'plans-by-key', clientAddress: '127.0.0.1' }, () =>
    byKey ? findsByKeyOnly(work) : work(),
  )

const transaction = <T>(work: (req: PayloadRequest) => Promise<T>): Promise<T> =>
  inTransaction({ payload, work })

describe('plans of a request that finds rows by key only', () => {
  it('are kept for the connection in its transactions, and in no other', async () => {
    const byKey = await inRequest({ byKey: true, work: () => transaction(planMode) })
    expect(byKey.mode).toBe('force_generic_plan')
    // A plan made on a table of a page or two is never a scan of the whole table.
    expect(byKey.seqscan).toBe('off')
    const other = await inRequest({ byKey: false, work: () => transaction(planMode) })
    expect(other.mode).toBe('force_custom_plan')
    // Outside any request (Payload's jobs, the admin's own calls) too.
    expect((await transaction(planMode)).mode).toBe('force_custom_plan')
    // Nor in the same request once the work that finds by key has ended.
    const after = await runInRequest(
      { id: 'plans-after', clientAddress: '127.0.0.1' },
      async () => {
        await findsByKeyOnly(async () => undefined)
        return transaction(planMode)
      },
    )
    expect(after.mode).toBe('force_custom_plan')
  })

  it("plan each run again from a statement on its caller's choices (an event list)", async () => {
    const seen = await inRequest({
      byKey: true,
      work: () =>
        transaction(async (req) => {
          const before = await planMode(req)
          await planEachRun(req)
          return { before, after: await planMode(req) }
        }),
    })
    expect(seen.before).toMatchObject({ mode: 'force_generic_plan', seqscan: 'off' })
    expect(seen.after).toMatchObject({ mode: 'force_custom_plan', seqscan: 'on' })
  })

  it('end with the transaction: the connection plans afresh for whoever takes it next', async () => {
    // The pool gives the connection given back last to the next transaction, unless work in
    // the background took it meanwhile: asked again until the same connection answers.
    const sameConnection = async (open: () => Promise<{ mode: string; pid: number }>) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const first = await open()
        const next = await transaction(planMode)
        if (next.pid === first.pid) return { first, next }
      }
      throw new Error('the pool never gave the same connection twice in a row')
    }
    const committed = await sameConnection(() =>
      inRequest({ byKey: true, work: () => transaction(planMode) }),
    )
    expect(committed.first.mode).toBe('force_generic_plan')
    expect(committed.next).toMatchObject({ mode: 'force_custom_plan', seqscan: 'on' })
    const rolledBack = await sameConnection(() =>
      inRequest({
        byKey: true,
        work: async () => {
          const req = await createLocalReq({}, payload)
          await initTransaction(req)
          const seen = await planMode(req)
          await killTransaction(req)
          return seen
        },
      }),
    )
    expect(rolledBack.first.mode).toBe('force_generic_plan')
    expect(rolledBack.next.mode).toBe('force_custom_plan')
  })
})

type Adapter = {
  beginTransaction: (...args: unknown[]) => Promise<string | number | null>
  sessions: Record<
    string,
    { db: { execute: PayloadRequest['payload']['db']['drizzle']['execute'] } }
  >
}

/** The plan mode of each transaction `work` begins, seen in the transaction as it begins. */
const modesOfTransactions = async (work: () => Promise<unknown>): Promise<string[]> => {
  const adapter = payload.db as unknown as Adapter
  const original = adapter.beginTransaction
  const modes: string[] = []
  adapter.beginTransaction = async function (this: Adapter, ...args: unknown[]) {
    const id = await original.apply(this, args)
    const { rows } = await this.sessions[String(id)]!.db.execute<{ mode: string }>(
      sql`select current_setting('plan_cache_mode') as mode`,
    )
    modes.push(String(rows[0]?.mode))
    return id
  }
  try {
    await runInRequest({ id: 'plans-operations', clientAddress: '127.0.0.1' }, work)
  } finally {
    adapter.beginTransaction = original
  }
  return modes
}

describe("the partner API's operations", () => {
  const kind = () => partnerKinds({ config: payload.config }).get('events')!
  const principal = (): PartnerPrincipal => {
    const key = randomUUID()
    return {
      key: { id: key, name: 'plans', scope: 'write', prefix: 'plans', rateLimit: null },
      tenant,
      user: { ...tenantMember({ tenantId: String(tenant.id) }), apiKey: key },
    } as PartnerPrincipal
  }

  it('create, one or a batch, in transactions that keep their plans; an update does not', async () => {
    let id = ''
    const single = await modesOfTransactions(async () => {
      ;({ id } = await createRecord({
        payload,
        kind: kind(),
        principal: principal(),
        body: { title: 'Kept plans', _status: 'published' },
      }))
    })
    expect(single).toContain('force_generic_plan')
    const batch = await modesOfTransactions(() =>
      createRecords({
        payload,
        kind: kind(),
        principal: principal(),
        bodies: [{ title: 'Kept plans one' }, { title: 'Kept plans two' }],
      }),
    )
    expect(batch).toContain('force_generic_plan')
    const update = await modesOfTransactions(() =>
      updateRecord({
        payload,
        kind: kind(),
        principal: principal(),
        id,
        body: { title: 'Kept plans, renamed' },
      }),
    )
    expect(update.length).toBeGreaterThan(0)
    expect(update).not.toContain('force_generic_plan')
  })
})
