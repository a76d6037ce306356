import { describe, expect, it } from 'vitest'

import { eleventLink } from './link'

const shop = 'https://shop.elevent.se/harbour/'

describe('eleventLink', () => {
  it('fills the default template: the shop, the event page, the show time', () => {
    expect(eleventLink({ shop, eventUrlName: 'peer-gynt', showTimeId: '55120' })).toBe(
      'https://shop.elevent.se/harbour/peer-gynt/55120',
    )
  })

  it('fills a template of the connection, with the event id', () => {
    expect(
      eleventLink({
        shop,
        template: '{shop}/e/{eventId}?showTimeId={showTimeId}',
        eventId: '8812',
        showTimeId: '55120',
      }),
    ).toBe('https://shop.elevent.se/harbour/e/8812?showTimeId=55120')
  })

  it('encodes every value as one path segment', () => {
    expect(eleventLink({ shop, eventUrlName: 'a/b ?c', showTimeId: '1#2' })).toBe(
      'https://shop.elevent.se/harbour/a%2Fb%20%3Fc/1%232',
    )
  })

  it('is null when a named value is missing, the shop is not https, or there is no shop', () => {
    expect(eleventLink({ shop, eventUrlName: 'peer-gynt' })).toBeNull()
    expect(eleventLink({ shop, eventUrlName: ' ', showTimeId: '1' })).toBeNull()
    expect(eleventLink({ shop: 'http://shop.test', eventUrlName: 'x', showTimeId: '1' })).toBeNull()
    expect(
      eleventLink({ shop: 'javascript:alert(1)', eventUrlName: 'x', showTimeId: '1' }),
    ).toBeNull()
    expect(eleventLink({ shop: null, eventUrlName: 'x', showTimeId: '1' })).toBeNull()
    expect(
      eleventLink({ shop, template: '{shop}/{eventId}/{showTimeId}', showTimeId: '1' }),
    ).toBeNull()
  })

  it('a template that leaves the shop must still be https', () => {
    expect(
      eleventLink({ shop, template: 'http://other.test/{showTimeId}', showTimeId: '1' }),
    ).toBeNull()
    expect(
      eleventLink({ shop, template: 'https://other.test/{showTimeId}', showTimeId: '1' }),
    ).toBe('https://other.test/1')
  })
})
