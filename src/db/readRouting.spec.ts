import type pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'

import { hearingCommits, noteCommit, readingFromReplicas, replicaForRead } from './readRouting'
import { replicaState, type Replica } from './replicaState'

const replica = (overrides: Partial<Replica> = {}): Replica => {
  const now = Date.now()
  const pool = {} as pg.Pool
  return {
    name: '127.0.0.1:5433/cms',
    pool,
    reader: pool,
    healthy: true,
    lagMs: 0,
    caughtUpAt: now,
    probedAt: now,
    ...overrides,
  }
}

const reading = (tenant: string) =>
  readingFromReplicas({ tenant, work: async () => replicaForRead() })

afterEach(() => {
  const state = replicaState()
  state.replicas = []
  state.commits.clear()
  state.hearing = false
  state.hearingSince = 0
})

describe('replicaForRead', () => {
  it('sends only work that asked for replicas, while commits are heard', async () => {
    const one = replica()
    replicaState().replicas = [one]
    hearingCommits(true)
    replicaState().hearingSince = one.caughtUpAt - 1
    expect(replicaForRead()).toBeUndefined()
    expect(await reading('a')).toBe(one)
    hearingCommits(false)
    expect(await reading('a')).toBeUndefined()
  })

  it('keeps a tenant on the primary until a replica has replayed past its commit', async () => {
    hearingCommits(true)
    const caughtUpAt = Date.now() + 10
    replicaState().hearingSince = caughtUpAt - 100
    const one = replica({ caughtUpAt })
    replicaState().replicas = [one]
    noteCommit('a')
    expect(await reading('a')).toBe(one)
    replicaState().commits.set('a', caughtUpAt + 1)
    expect(await reading('a')).toBeUndefined()
    expect(await reading('b')).toBe(one)
  })

  it('skips a replica that is unhealthy or not probed lately', async () => {
    hearingCommits(true)
    replicaState().hearingSince = 0
    replicaState().replicas = [replica({ healthy: false })]
    expect(await reading('a')).toBeUndefined()
    replicaState().replicas = [replica({ probedAt: Date.now() - 60_000 })]
    expect(await reading('a')).toBeUndefined()
  })
})
