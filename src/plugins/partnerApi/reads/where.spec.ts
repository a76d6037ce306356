import type { Where } from 'payload'
import { describe, expect, it } from 'vitest'

import type { PlannedColumn, ReadPlan } from './plan'
import { whereSql } from './where'

const column = (path: string, name: string, more: Partial<PlannedColumn> = {}): PlannedColumn => ({
  path: path.split('.'),
  column: `"${name}"`,
  kind: 'plain',
  reference: false,
  ...more,
})

const columns = [
  column('title', 'title'),
  column('venue.city', 'venue_city'),
  column('startDate', 'start_date', { kind: 'date' }),
  column('work', 'work_id', { reference: true }),
]
const plan: ReadPlan = {
  table: '"events"',
  versionScope: 'TRUE',
  id: '"id"',
  tenant: '"tenant_id"',
  columns,
  selectList: '',
  byPath: new Map([
    ['id', column('id', 'id')],
    ...columns.map((c) => [c.path.join('.'), c] as const),
  ]),
}

const say = (where: Where) => {
  const params: unknown[] = []
  return { sql: whereSql({ plan, where, params }), params }
}

describe('whereSql', () => {
  it('keeps every value out of the text', () => {
    const hostile = `x'); DROP TABLE events; --`
    const { sql, params } = say({ title: { equals: hostile } })
    expect(sql).toBe('"title" = $1')
    expect(params).toEqual([hostile])
  })

  it('gives each operator the meaning Payload gives it', () => {
    expect(say({ title: { not_equals: 'a' } }).sql).toBe('("title" IS NULL OR "title" <> $1)')
    expect(say({ title: { equals: null } }).sql).toBe('"title" IS NULL')
    expect(say({ title: { not_equals: null } }).sql).toBe('"title" IS NOT NULL')
    expect(say({ title: { exists: false } }).sql).toBe('"title" IS NULL')
    expect(say({ title: { like: 'a  b' } })).toEqual({
      sql: '("title" ILIKE $1 AND "title" ILIKE $2 AND "title" ILIKE $3)',
      params: ['%a%', '%%', '%b%'],
    })
    expect(say({ title: { contains: '5%' } }).params).toEqual(['%5%%'])
    expect(say({ title: { in: ['a', null] } }).sql).toBe('("title" IS NULL OR "title" = ANY($1))')
    expect(say({ title: { not_in: ['a', null] } }).sql).toBe('FALSE')
    expect(say({ work: { not_in: ['x'] } }).sql).toBe('("work_id" <> ALL($1) OR "work_id" IS NULL)')
  })

  it('compares dates as instants', () => {
    expect(say({ startDate: { greater_than: '2026-01-01T12:00:00+02:00' } })).toEqual({
      sql: '"start_date" > $1',
      params: ['2026-01-01T10:00:00.000Z'],
    })
  })

  it('nests and/or, and several operators on one field', () => {
    const { sql, params } = say({
      or: [
        { 'venue.city': { exists: true } },
        { and: [{ title: { like: 'a' } }, { id: { equals: 'i' } }] },
      ],
      title: { greater_than: 'a', less_than: 'z' },
    })
    expect(sql).toBe(
      '("venue_city" IS NOT NULL OR (("title" ILIKE $1) AND "id" = $2)) AND "title" > $3 AND "title" < $4',
    )
    expect(params).toEqual(['%a%', 'i', 'a', 'z'])
    expect(say({ and: [] }).sql).toBe('TRUE')
  })

  it('leaves to Payload what the plan has no column for', () => {
    expect(say({ breadcrumbs: { equals: 'x' } }).sql).toBeUndefined()
    expect(say({ or: [{ title: { equals: 'a' } }, { tags: { in: ['x'] } }] }).sql).toBeUndefined()
    expect(say({ title: { near: '1,2' } }).sql).toBeUndefined()
  })
})
