import { describe, expect, it } from 'vitest'

import { readKeywords, readPerformances, readSeasons, readZones } from './shapes'

const performance = {
  PerformanceId: 4849,
  PerformanceCode: 'LA TRAV A',
  PerformanceDate: '2026-10-17T19:30:00-04:00',
  ProductionSeason: { Id: 4848, Description: 'La Traviata' },
  AvailSaleIndicator: 'Y',
  PublishWebApiStartDate: null,
  PublishWebApiEndDate: null,
  Duration: null,
  PerformanceStatus: { Id: 1, Description: 'On Sale' },
  Unknown: { anything: true },
}

describe('tessitura shapes', () => {
  it('reads Performances/Search items, ignoring unknown keys', () => {
    expect(readPerformances([performance], 'x')).toEqual([
      {
        id: '4849',
        seasonId: '4848',
        start: '2026-10-17T23:30:00.000Z',
        duration: null,
        status: 'On Sale',
        saleIndicator: 'Y',
        publishFrom: null,
        publishTo: null,
      },
    ])
  })

  it('fails with a clear message on malformed answers', () => {
    expect(() => readPerformances({}, 'the performances')).toThrow(
      'Tessitura answered the performances in a shape the sync does not know: not a list.',
    )
    expect(() => readPerformances([{ ...performance, PerformanceId: 'x' }], 'p')).toThrow(
      '"PerformanceId" is not an id',
    )
    expect(() => readPerformances([{ ...performance, PerformanceDate: 'soon' }], 'p')).toThrow(
      '"PerformanceDate" is not a date',
    )
    expect(() => readPerformances([{ ...performance, ProductionSeason: null }], 'p')).toThrow(
      '"ProductionSeason" is not an object',
    )
    expect(() => readZones([{ PerformanceId: 1, AvailableCount: -1 }])).toThrow(
      '"AvailableCount" is not a count',
    )
  })

  it('reads seasons, keywords by element and zone sums', () => {
    expect(readSeasons([{ Id: 4848, Description: 'La Traviata', Fulltext: '…' }])).toEqual([
      { id: '4848', description: 'La Traviata' },
    ])
    expect(
      readKeywords([
        {
          RequestedOwner: { ElementId: 4849, Type: 'Performance' },
          Keywords: [{ Id: 7, Description: ' Opera ', Category: {} }],
        },
      ]),
    ).toEqual(new Map([['4849', [{ id: '7', description: 'Opera' }]]]))
    expect(
      readZones([
        { PerformanceId: 4849, AvailableCount: 7 },
        { PerformanceId: 4849, AvailableCount: 0 },
        { PerformanceId: 4851, AvailableCount: 0 },
      ]),
    ).toEqual(
      new Map([
        ['4849', 7],
        ['4851', 0],
      ]),
    )
  })
})
