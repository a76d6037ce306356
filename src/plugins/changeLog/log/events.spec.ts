import { describe, expect, it } from 'vitest'

import { changedFields, eventOf } from './events'

describe('eventOf', () => {
  it('names creates, deletes and what a save did to the published version', () => {
    const live = (before: boolean, after: boolean) => ({ before, after })
    expect(eventOf({ operation: 'create', live: live(false, true) })).toEqual({
      event: 'created',
      draft: false,
    })
    expect(eventOf({ operation: 'create', live: live(false, false) })).toEqual({
      event: 'created',
      draft: true,
    })
    expect(eventOf({ operation: 'delete', live: live(true, false) })).toEqual({
      event: 'deleted',
      draft: false,
    })
    expect(eventOf({ operation: 'update', live: live(false, true), saved: 'published' })).toEqual({
      event: 'published',
      draft: false,
    })
    expect(eventOf({ operation: 'update', live: live(true, false), saved: 'draft' })).toEqual({
      event: 'unpublished',
      draft: false,
    })
    expect(eventOf({ operation: 'update', live: live(true, true), saved: 'published' })).toEqual({
      event: 'updated',
      draft: false,
    })
    // "Publish changes": a live record's pending draft goes live.
    expect(
      eventOf({
        operation: 'update',
        live: live(true, true),
        saved: 'published',
        previous: 'draft',
      }),
    ).toEqual({ event: 'published', draft: false })
    // A draft saved over a live record leaves it live: not an unpublish.
    expect(eventOf({ operation: 'update', live: live(true, true), saved: 'draft' })).toEqual({
      event: 'drafted',
      draft: true,
    })
    expect(eventOf({ operation: 'update', live: live(false, false), saved: 'draft' })).toEqual({
      event: 'updated',
      draft: true,
    })
    // A kind without drafts has no status: every save is what it is.
    expect(eventOf({ operation: 'update' })).toEqual({ event: 'updated', draft: false })
    expect(eventOf({ operation: 'delete' })).toEqual({ event: 'deleted', draft: false })
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
