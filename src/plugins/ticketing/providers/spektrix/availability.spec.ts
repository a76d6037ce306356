import { describe, expect, it } from 'vitest'

import { readSpektrixAvailability } from './availability'
import { dateBatches } from './index'

const listed = (id: string, start: string, more: Record<string, unknown> = {}) => ({
  id,
  event: { id: 'E1' },
  startUtc: start,
  isOnSale: true,
  cancelled: false,
  ...more,
})

describe("Spektrix's availability read", () => {
  it('reads the list of the asked dates, then the status of the asked ones on sale', async () => {
    const calls: string[] = []
    const statuses = await readSpektrixAvailability({
      dateBatches,
      instances: [
        { externalId: 'A', start: '2026-12-01T19:30:00Z' },
        { externalId: 'B', start: '2026-12-03T19:30:00Z' },
        { externalId: 'C', start: '2026-12-03T14:30:00Z' },
        { externalId: 'GONE', start: '2026-12-02T19:30:00Z' },
      ],
      get: async ({ path, query }) => {
        calls.push(query ? `${path}?${new URLSearchParams(query)}` : path)
        if (path === 'instances')
          return [
            listed('A', '2026-12-01T19:30:00'),
            listed('B', '2026-12-03T19:30:00', { cancelled: true, isOnSale: false }),
            listed('C', '2026-12-03T14:30:00', { isOnSale: false }),
            listed('OTHER', '2026-12-02T19:30:00'),
          ]
        return { available: 0, capacity: 300 }
      },
    })
    expect(calls).toEqual([
      'instances?startFrom=2026-12-01&startTo=2026-12-03',
      'instances/A/status',
    ])
    expect(statuses).toEqual([
      {
        externalId: 'A',
        cancelled: false,
        onSale: true,
        availability: 'sold_out',
        providerStatus: 'isOnSale: true · available 0 of 300',
      },
      {
        externalId: 'B',
        cancelled: true,
        onSale: false,
        availability: 'cancelled',
        providerStatus: 'cancelled',
      },
      {
        externalId: 'C',
        cancelled: false,
        onSale: false,
        availability: 'not_on_sale',
        providerStatus: 'isOnSale: false',
      },
    ])
  })

  it('makes no call when asked about nothing', async () => {
    const none = await readSpektrixAvailability({
      dateBatches,
      instances: [],
      get: () => Promise.reject(new Error('no call expected')),
    })
    expect(none).toEqual([])
  })
})
