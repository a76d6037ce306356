import { describe, expect, it } from 'vitest'

import { PartnerProblem } from '../../../lib/partnerProblem'
import { readSyncRequest } from './syncRequest'

const fields = (body: unknown): string[] => {
  try {
    readSyncRequest(body)
  } catch (err) {
    if (err instanceof PartnerProblem) return (err.problem.errors ?? []).map((e) => e.field)
    throw err
  }
  return []
}

describe('readSyncRequest', () => {
  it('is a full sync unless it says availability', () => {
    expect(readSyncRequest({})).toEqual({ kind: 'sync', dryRun: false, confirmRemovals: false })
    expect(readSyncRequest({ kind: 'sync', dryRun: true })).toEqual({
      kind: 'sync',
      dryRun: true,
      confirmRemovals: false,
    })
    expect(readSyncRequest({ kind: 'availability' })).toEqual({
      kind: 'availability',
      dryRun: false,
      confirmRemovals: false,
    })
  })

  it('refuses dryRun or confirmRemovals with availability, and an unknown kind', () => {
    expect(fields({ kind: 'availability', dryRun: false })).toEqual(['dryRun'])
    expect(fields({ kind: 'availability', dryRun: true, confirmRemovals: true })).toEqual([
      'dryRun',
      'confirmRemovals',
    ])
    expect(fields({ kind: 'prices' })).toEqual(['kind'])
  })
})
