import { describe, expect, it } from 'vitest'

import { encodeCursor } from './cursor'
import { parseFeedQuery } from './feedQuery'

const kinds = ['events', 'works']
const scope = { secret: 'feed-secret', tenant: 't1' }

describe('parseFeedQuery', () => {
  it('reads the cursor, the limit and the filters', () => {
    expect(
      parseFeedQuery({
        search: `?after=${encodeCursor({ seq: 42, ...scope })}&limit=10&kind=events&event=deleted,published`,
        kinds,
        scope,
      }),
    ).toEqual({
      query: {
        after: 42,
        retiredCursor: false,
        limit: 10,
        kinds: ['events'],
        events: ['deleted', 'published'],
        drafts: false,
      },
    })
    expect(parseFeedQuery({ search: '', kinds, scope })).toEqual({
      query: {
        after: undefined,
        retiredCursor: false,
        limit: 100,
        kinds: undefined,
        events: undefined,
        drafts: false,
      },
    })
  })

  it('reports every problem at once, unknown parameters included', () => {
    const result = parseFeedQuery({
      search: '?after=12&limit=0&kind=events,nope&event=renamed&since=yesterday',
      kinds,
      scope,
    })
    expect('problems' in result && result.problems.map((p) => p.field).sort()).toEqual([
      'after',
      'event',
      'kind',
      'limit',
      'since',
    ])
  })
})
