import { describe, expect, it } from 'vitest'

import { parseRunsQuery } from './runsQuery'

describe('the run list query', () => {
  it('takes a page, a connection and a status', () => {
    const connection = '6f1c2a7e-4b7d-4c53-9a53-0f5c8e1c2d3e'
    expect(parseRunsQuery(`?connection=${connection}&status=failed&limit=5&page=2`)).toEqual({
      query: { limit: 5, page: 2, connection, status: 'failed' },
    })
    expect(parseRunsQuery('')).toEqual({ query: { limit: 20, page: 1 } })
  })

  it('names every bad parameter', () => {
    const parsed = parseRunsQuery('?connection=x&status=done&limit=0&colour=red')
    expect('problems' in parsed && parsed.problems.map((p) => p.field).sort()).toEqual([
      'colour',
      'connection',
      'limit',
      'status',
    ])
  })
})
