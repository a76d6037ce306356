import { describe, expect, it } from 'vitest'

import { queryText, rememberedQueries } from './rememberedQueries'

describe('rememberedQueries', () => {
  it('parses a query string once per model, and each model apart', () => {
    const remember = rememberedQueries<{ limit: number }>()
    const events = {}
    const venues = {}
    let parsed = 0
    const parse = () => ({ limit: ++parsed })
    const first = remember({ model: events, search: '?limit=10', parse })
    expect(remember({ model: events, search: '?limit=10', parse })).toBe(first)
    expect(remember({ model: venues, search: '?limit=10', parse })).not.toBe(first)
    expect(remember({ model: events, search: '?limit=20', parse })).not.toBe(first)
    expect(parsed).toBe(3)
  })

  it('keeps nothing of a query it refused: it is refused every time', () => {
    const remember = rememberedQueries<object>()
    const model = {}
    let asked = 0
    const refuse = () => {
      asked++
      throw new Error('400')
    }
    expect(() => remember({ model, search: '?limit=x', parse: refuse })).toThrow('400')
    expect(() => remember({ model, search: '?limit=x', parse: refuse })).toThrow('400')
    expect(asked).toBe(2)
  })

  it('holds a bounded number of query strings per model', () => {
    const remember = rememberedQueries<{ n: number }>()
    const model = {}
    const first = remember({ model, search: '?page=0', parse: () => ({ n: 0 }) })
    for (let i = 1; i <= 600; i++)
      remember({ model, search: `?page=${i}`, parse: () => ({ n: i }) })
    // The first was let go when the memory started again; asked again, it is parsed afresh.
    expect(remember({ model, search: '?page=0', parse: () => ({ n: 0 }) })).not.toBe(first)
  })
})

describe('queryText', () => {
  it('is the query as JSON, the same text for the same object', () => {
    const query = { limit: 10, sort: '-createdAt' }
    expect(queryText(query)).toBe(JSON.stringify(query))
    expect(queryText(query)).toBe(queryText(query))
  })
})
