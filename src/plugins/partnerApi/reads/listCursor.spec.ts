import { describe, expect, it } from 'vitest'

import { afterCursor, decodeListCursor, encodeListCursor } from './listCursor'

const id = '00000000-0000-4000-8000-000000000001'

describe('list cursors', () => {
  it('read back what they were made from', () => {
    const cursor = { sort: '-createdAt', value: '2026-11-22T10:00:00.000Z', id, page: 7 }
    expect(decodeListCursor(encodeListCursor(cursor))).toEqual(cursor)
  })

  it('refuse anything else', () => {
    const of = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url')
    for (const bad of [
      'not a cursor',
      of(['v2', 'title', 'a', id, 2]),
      of(['v1', 'title', 'a', 'nope', 2]),
      of(['v1', 'title', 'a', id, 1]),
      of(['v1', 'title', { or: [] }, id, 2]),
      of({ sort: 'title' }),
      'A'.repeat(3000),
    ])
      expect(decodeListCursor(bad)).toBeUndefined()
  })

  it('go on after the last record, ties broken by id, nulls where PostgreSQL puts them', () => {
    expect(afterCursor({ sort: 'title', value: 'b', id, page: 2 })).toEqual({
      or: [
        {
          and: [
            { title: { greater_than_equal: 'b' } },
            {
              or: [
                { title: { greater_than: 'b' } },
                { and: [{ title: { equals: 'b' } }, { id: { greater_than: id } }] },
              ],
            },
          ],
        },
        { title: { exists: false } },
      ],
    })
    expect(afterCursor({ sort: '-title', value: null, id, page: 2 })).toEqual({
      or: [
        { title: { exists: true } },
        { and: [{ title: { exists: false } }, { id: { less_than: id } }] },
      ],
    })
  })
})
