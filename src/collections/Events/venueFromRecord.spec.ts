import { describe, expect, it } from 'vitest'

import { venueFromRecord } from './venueFromRecord'

describe('venueFromRecord', () => {
  it('copies a venue into the event’s venue group, four strings', () => {
    expect(
      venueFromRecord({
        title: 'Harbour Hall ',
        address: {
          streetAddress: '1 Quay Street',
          postalCode: 'BS1 4QA',
          locality: 'Bristol',
          region: 'Avon',
          country: 'GB',
        },
      }),
    ).toEqual({
      name: 'Harbour Hall',
      address: '1 Quay Street, BS1 4QA',
      city: 'Bristol',
      country: 'GB',
    })
  })

  it('leaves empty what the venue does not say', () => {
    expect(venueFromRecord({ title: 'The Tent', address: {} })).toEqual({
      name: 'The Tent',
      address: '',
      city: '',
      country: '',
    })
  })
})
