import { describe, expect, it } from 'vitest'

import { tessituraEventLink } from './eventLink'

const read = tessituraEventLink.readEventLink

describe('tessitura event link', () => {
  it('reads production seasons as a JSON array of numbers or strings, or a list', () => {
    expect(read({ productionSeasonIds: '[4848, "4850"]' })?.externalIds).toEqual(['4848', '4850'])
    expect(read({ productionSeasonIds: '4848, 4850 4852' })?.externalIds).toEqual([
      '4848',
      '4850',
      '4852',
    ])
    expect(read({ productionSeasonIds: '' })).toBeNull()
    expect(read(null)).toBeNull()
  })

  it('selected: the union of performance ids under the event’s own seasons', () => {
    const link = read({
      productionSeasonIds: '["4848","4850"]',
      performanceSyncType: 'selected',
      productionPerformances: '{"4848":[4849,"4851"],"4850":[4853],"9999":[1]}',
      syncConnected: true,
    })
    expect(link?.selected).toEqual(new Set(['4849', '4851', '4853']))
    expect(link?.connected).toBe(true)
  })

  it('bad JSON selects nothing, never everything', () => {
    for (const productionPerformances of ['{nope', '[1,2]', '', undefined])
      expect(
        read({
          productionSeasonIds: '4848',
          performanceSyncType: 'selected',
          productionPerformances,
        })?.selected,
      ).toEqual(new Set())
    expect(read({ productionSeasonIds: '4848', performanceSyncType: 'all' })?.selected).toBeNull()
  })

  it('keyword filter as a JSON array or comma list; empty is no filter', () => {
    expect(read({ productionSeasonIds: '1', keywords: '["Opera", 7]' })?.keywordFilter).toEqual([
      'Opera',
      '7',
    ])
    expect(
      read({ productionSeasonIds: '1', keywords: 'Opera, Family Show' })?.keywordFilter,
    ).toEqual(['Opera', 'Family Show'])
    expect(read({ productionSeasonIds: '1', keywords: ' ' })?.keywordFilter).toBeNull()
  })

  it('a new event names its one season', () => {
    expect(tessituraEventLink.newEventLink({ externalId: '4848', syncToPublished: false })).toEqual(
      {
        productionSeasonIds: '["4848"]',
        syncConnected: true,
        performanceSyncType: 'all',
        syncToPublished: false,
      },
    )
  })
})
