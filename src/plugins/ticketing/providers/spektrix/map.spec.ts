import { describe, expect, it } from 'vitest'

import { availabilityOf, bookingLink, mapInstance } from './map'

describe('availabilityOf', () => {
  const status = (available: number, capacity = 420) => ({ available, capacity })

  it('says cancelled before anything else', () => {
    expect(availabilityOf({ cancelled: true, onSale: true, status: status(100) })).toBe('cancelled')
  })

  it('says not on sale when web sales are closed, whatever is left', () => {
    expect(availabilityOf({ cancelled: false, onSale: false, status: status(100) })).toBe(
      'not_on_sale',
    )
  })

  it('says sold out at no seats, limited at a tenth of the house or less', () => {
    expect(availabilityOf({ cancelled: false, onSale: true, status: status(0) })).toBe('sold_out')
    expect(availabilityOf({ cancelled: false, onSale: true, status: status(42) })).toBe('limited')
    expect(availabilityOf({ cancelled: false, onSale: true, status: status(43) })).toBe('available')
    expect(availabilityOf({ cancelled: false, onSale: true, status: status(5, 0) })).toBe(
      'available',
    )
  })
})

describe('bookingLink', () => {
  it("takes the instance id's leading integer", () => {
    expect(
      bookingLink({ clientName: 'harbour', instanceId: '67201AVCRKQDBSGLQHRCLJQTBDLCTLNNQ' }),
    ).toBe(
      'https://system.spektrix.com/harbour/website/ChooseSeats.aspx?EventInstanceId=67201&resize=true',
    )
  })

  it('uses the custom domain when there is one', () => {
    expect(
      bookingLink({
        clientName: 'harbour',
        customDomain: 'tickets.harbour.test',
        instanceId: '9X',
      }),
    ).toBe(
      'https://tickets.harbour.test/harbour/website/ChooseSeats.aspx?EventInstanceId=9&resize=true',
    )
  })
})

describe('mapInstance', () => {
  it('ends a performance its event’s duration after its start', () => {
    const mapped = mapInstance({
      instance: {
        id: '1A',
        eventId: '2B',
        startUtc: '2026-09-12T18:30:00.000Z',
        isOnSale: true,
        cancelled: false,
      },
      durationMinutes: 150,
      status: { available: 300, capacity: 420 },
      clientName: 'c',
    })
    expect(mapped).toMatchObject({
      start: '2026-09-12T18:30:00.000Z',
      end: '2026-09-12T21:00:00.000Z',
      onSale: true,
      availability: 'available',
    })
  })
})
