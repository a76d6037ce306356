import { describe, expect, it } from 'vitest'

import { lineupEventLink } from './eventLink'

describe('lineupEventLink', () => {
  it('reads one event id; every performance of it', () => {
    expect(
      lineupEventLink.readEventLink({
        eventId: ' 151 ',
        syncConnected: true,
        syncToPublished: false,
      }),
    ).toEqual({
      externalIds: ['151'],
      connected: true,
      syncToPublished: false,
      selected: null,
      keywordFilter: null,
    })
    expect(lineupEventLink.readEventLink({ eventId: '' })).toBeNull()
    expect(lineupEventLink.readEventLink(null)).toBeNull()
  })

  it('links an imported event', () => {
    expect(lineupEventLink.newEventLink({ externalId: '151', syncToPublished: true })).toEqual({
      eventId: '151',
      syncConnected: true,
      syncToPublished: true,
    })
  })
})
