import { describe, expect, it } from 'vitest'

import { collectionsDeclaring, type CollectionFacts } from './facts'

describe('collection facts', () => {
  it('names the collections that declare a fact, in the configuration order', () => {
    const collections = [
      { slug: 'events', custom: { linkable: true, seo: true } },
      { slug: 'media', custom: { tenantOwned: true } },
      { slug: 'works', custom: { linkable: true } },
      { slug: 'users' },
    ]
    expect(collectionsDeclaring({ collections, fact: 'linkable' })).toEqual(['events', 'works'])
    expect(collectionsDeclaring({ collections, fact: 'seo' })).toEqual(['events'])
    expect(collectionsDeclaring({ collections, fact: 'searchable' })).toEqual([])
  })

  it('refuses a misspelt fact at compile time', () => {
    const declared = { searchable: true, linkable: true } satisfies CollectionFacts
    // @ts-expect-error: `searchabel` is no fact; `satisfies` makes the typo an error.
    const misspelt = { searchabel: true } satisfies CollectionFacts
    expect([declared, misspelt]).toHaveLength(2)
  })
})
