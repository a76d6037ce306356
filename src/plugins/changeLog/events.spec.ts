import { describe, expect, it } from 'vitest'

import { changedFields, eventOf } from './events'

describe('eventOf', () => {
  it('names creates, deletes and status changes', () => {
    expect(eventOf({ operation: 'create', doc: { _status: 'published' }, previousDoc: {} })).toBe(
      'created',
    )
    expect(eventOf({ operation: 'delete', doc: {}, previousDoc: undefined })).toBe('deleted')
    const draft = { _status: 'draft' }
    const published = { _status: 'published' }
    expect(eventOf({ operation: 'update', doc: published, previousDoc: draft })).toBe('published')
    expect(eventOf({ operation: 'update', doc: draft, previousDoc: published })).toBe('unpublished')
    expect(eventOf({ operation: 'update', doc: published, previousDoc: published })).toBe('updated')
    // A kind without drafts has no status: every save is an update.
    expect(eventOf({ operation: 'update', doc: { title: 'b' }, previousDoc: { title: 'a' } })).toBe(
      'updated',
    )
  })
})

describe('changedFields', () => {
  it('lists what differs, without the timestamps', () => {
    expect(
      changedFields({
        operation: 'update',
        doc: { title: 'B', slug: 's', tags: ['x'], updatedAt: '2', venue: { id: 1 } },
        previousDoc: { title: 'A', slug: 's', tags: [], updatedAt: '1', venue: { id: 1 } },
      }),
    ).toEqual(['tags', 'title'])
    // A populated relation and its id are the same value.
    expect(
      changedFields({
        operation: 'update',
        doc: {
          tenant: { id: 't1', name: 'Harbour', createdAt: '1' },
          venues: [{ id: 'v', updatedAt: '1' }],
        },
        previousDoc: { tenant: 't1', venues: ['v'] },
      }),
    ).toEqual([])
  })

  it('never names a hidden field', () => {
    expect(
      changedFields({
        operation: 'update',
        doc: { title: 'A', searchText: 'A and more' },
        previousDoc: { title: 'A', searchText: 'A' },
        hidden: new Set(['searchText']),
      }),
    ).toEqual([])
  })

  it('names what a create set, and nothing for a delete', () => {
    expect(
      changedFields({
        operation: 'create',
        doc: { title: 'A', summary: null, tags: [], id: 'x', createdAt: '1' },
        previousDoc: {},
      }),
    ).toEqual(['title'])
    expect(
      changedFields({ operation: 'delete', doc: { title: 'A' }, previousDoc: undefined }),
    ).toEqual([])
  })
})
