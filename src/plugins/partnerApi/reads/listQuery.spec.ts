import { describe, expect, it } from 'vitest'

import { queryLimits } from '../../../lib/queryLimits'
import type { Leaf } from '../kinds/fieldSchema'
import { PartnerProblem } from '../../../lib/partnerProblem'
import { listDefaults } from '../defaults'
import { parseListQuery, parseRecordQuery } from './listQuery'

const leaves: Leaf[] = [
  { path: 'id', type: 'ref' },
  { path: 'title', type: 'string' },
  { path: 'capacity', type: 'number' },
  { path: 'startDate', type: 'date-time' },
  { path: 'hidden', type: 'boolean' },
  { path: 'tenant', type: 'ref' },
]

/** The problem a query is refused with; fails the test when it is accepted. */
const refusal = (search: string): PartnerProblem => {
  try {
    parseListQuery({ search, leaves })
  } catch (err) {
    if (err instanceof PartnerProblem) return err
    throw err
  }
  throw new Error(`accepted: ${search}`)
}

describe('parseListQuery', () => {
  it('answers the defaults for an empty query', () => {
    expect(parseListQuery({ search: '', leaves })).toEqual({
      draft: false,
      limit: listDefaults.limit,
      page: 1,
      sort: listDefaults.sort,
    })
  })

  it('reads bracket notation and JSON alike, coercing values to the field type', () => {
    const bracket = parseListQuery({
      search: '?where[capacity][greater_than]=100&where[hidden][equals]=false&limit=5&page=2',
      leaves,
    })
    expect(bracket).toEqual({
      draft: false,
      limit: 5,
      page: 2,
      sort: listDefaults.sort,
      where: { capacity: { greater_than: 100 }, hidden: { equals: false } },
    })
    const json = parseListQuery({
      search: `?where=${encodeURIComponent(JSON.stringify({ or: [{ title: { like: 'hamlet' } }] }))}`,
      leaves,
    })
    expect(json.where).toEqual({ or: [{ title: { like: 'hamlet' } }] })
  })

  it('splits "in" lists and checks every item', () => {
    const id = '0b4b6a1e-8d37-4a57-9c55-0d8a0a3b9f11'
    expect(parseListQuery({ search: `?where[id][in]=${id},${id}`, leaves }).where).toEqual({
      id: { in: [id, id] },
    })
    expect(refusal(`?where[id][in]=${id},nope`).problem.errors).toEqual([
      { field: 'where.id.in.1', message: 'Expected a record identifier (a UUID).' },
    ])
  })

  it('never filters or sorts on the tenant, nor on an undeclared field', () => {
    expect(refusal('?where[tenant][equals]=x').problem.status).toBe(400)
    expect(refusal('?where[secret][equals]=x').problem.type).toMatch(/invalid-filter$/)
    expect(refusal('?sort=tenant').problem.errors?.[0]?.field).toBe('sort')
  })

  it('refuses an operator the field type has not', () => {
    const problem = refusal('?where[hidden][like]=x')
    expect(problem.problem.errors?.[0]).toMatchObject({ field: 'where.hidden.like' })
  })

  it('refuses values of the wrong type', () => {
    expect(refusal('?where[capacity][equals]=many').problem.errors?.[0]?.message).toBe(
      'Expected a number.',
    )
    expect(refusal('?where[startDate][equals]=someday').problem.errors?.[0]?.message).toBe(
      'Expected an ISO 8601 date-time.',
    )
  })

  it('holds every query limit', () => {
    const deep = (n: number): unknown =>
      n === 0 ? { title: { equals: 'x' } } : { and: [deep(n - 1)] }
    expect(() =>
      parseListQuery({
        search: `?where=${encodeURIComponent(JSON.stringify(deep(queryLimits.depth)))}`,
        leaves,
      }),
    ).not.toThrow()
    expect(
      refusal(`?where=${encodeURIComponent(JSON.stringify(deep(queryLimits.depth + 1)))}`).problem
        .detail,
    ).toMatch(/deeper/)
    const many = Array.from({ length: queryLimits.conditions + 1 }, () => ({
      title: { equals: 'x' },
    }))
    expect(
      refusal(`?where=${encodeURIComponent(JSON.stringify({ or: many }))}`).problem.detail,
    ).toMatch(/At most 30 conditions/)
    const words = Array.from({ length: queryLimits.likeWords + 1 }, () => 'w').join(' ')
    expect(refusal(`?where[title][like]=${encodeURIComponent(words)}`).problem.detail).toMatch(
      /words/,
    )
    expect(
      refusal(`?where[title][equals]=${'x'.repeat(queryLimits.valueLength + 1)}`).problem.detail,
    ).toMatch(/too long/)
    expect(refusal(`?limit=${listDefaults.maxLimit + 1}`).problem.errors?.[0]?.field).toBe('limit')
    expect(refusal('?limit=0').problem.status).toBe(400)
    expect(refusal('?page=1.5').problem.errors?.[0]?.message).toBe('Expected a whole number.')
    expect(refusal(`?x=${'y'.repeat(8_000)}`).problem.detail).toMatch(/too long/)
  })

  it('names unknown parameters and malformed JSON', () => {
    expect(refusal('?limt=5&foo=1').problem.errors).toEqual([
      { field: 'limt', message: 'Unknown parameter.' },
      { field: 'foo', message: 'Unknown parameter.' },
    ])
    expect(refusal('?where={nope').problem.errors?.[0]).toEqual({
      field: 'where',
      message: 'Invalid JSON.',
    })
  })
})

describe('draft and unpublish', () => {
  const statusOf = (run: () => unknown): number => {
    try {
      run()
      return 200
    } catch (err) {
      return err instanceof PartnerProblem ? err.problem.status : 500
    }
  }

  it('a draft kind takes draft=true or false on lists; other kinds do not know it', () => {
    expect(parseListQuery({ search: '?draft=true', leaves, drafts: true }).draft).toBe(true)
    expect(parseListQuery({ search: '?draft=false', leaves, drafts: true }).draft).toBe(false)
    expect(statusOf(() => parseListQuery({ search: '?draft=1', leaves, drafts: true }))).toBe(400)
    expect(statusOf(() => parseListQuery({ search: '?draft=true', leaves }))).toBe(400)
  })

  it('one record takes only the flags its operation knows', () => {
    expect(parseRecordQuery({ search: '?unpublish=true', known: ['draft', 'unpublish'] })).toEqual({
      draft: false,
      unpublish: true,
    })
    expect(parseRecordQuery({ search: '', known: [] })).toEqual({})
    expect(statusOf(() => parseRecordQuery({ search: '?draft=true', known: [] }))).toBe(400)
    expect(statusOf(() => parseRecordQuery({ search: '?draft=', known: ['draft'] }))).toBe(400)
  })
})
