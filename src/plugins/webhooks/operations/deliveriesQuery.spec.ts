import { describe, expect, it } from 'vitest'

import { deliveryPage, parseDeliveriesQuery } from './deliveriesQuery'

describe('parseDeliveriesQuery', () => {
  it('defaults and takes limit and page in range', () => {
    expect(parseDeliveriesQuery('')).toEqual({ query: { limit: deliveryPage.limit, page: 1 } })
    expect(parseDeliveriesQuery('?limit=5&page=3')).toEqual({ query: { limit: 5, page: 3 } })
  })
  it('names every bad parameter', () => {
    const parsed = parseDeliveriesQuery('?limit=0&page=x&where[id]=1')
    expect('problems' in parsed && parsed.problems.map((p) => p.field)).toEqual([
      'where[id]',
      'limit',
      'page',
    ])
    expect('problems' in parseDeliveriesQuery(`?limit=${deliveryPage.maxLimit + 1}`)).toBe(true)
  })
})
