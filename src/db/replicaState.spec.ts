import type pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'

import { replicaName, replicaState, replicaStatus } from './replicaState'

afterEach(() => {
  replicaState().replicas = []
})

describe('replicaStatus', () => {
  it('names a replica by host, port and database, never by its credentials', () => {
    expect(replicaName('postgres://cms:s3cret@replica-1.internal:6432/cms?sslmode=require')).toBe(
      'replica-1.internal:6432/cms',
    )
    expect(replicaName('postgres://cms:s3cret@replica-2/cms')).toBe('replica-2:5432/cms')
  })

  it("gives each replica's lag and health as of its latest probe", () => {
    const pool = {} as pg.Pool
    replicaState().replicas = [
      {
        name: 'a:5432/cms',
        pool,
        reader: pool,
        healthy: true,
        lagMs: 12,
        caughtUpAt: 1,
        probedAt: 1,
      },
      {
        name: 'b:5432/cms',
        pool,
        reader: pool,
        healthy: false,
        lagMs: null,
        caughtUpAt: 0,
        probedAt: 1,
      },
    ]
    expect(replicaStatus()).toEqual([
      { name: 'a:5432/cms', lagMs: 12, healthy: true },
      { name: 'b:5432/cms', lagMs: null, healthy: false },
    ])
  })
})
