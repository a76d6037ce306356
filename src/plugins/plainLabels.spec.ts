import { describe, expect, it } from 'vitest'

import { plainLabel, plainLabels } from './plainLabels'

describe('plain labels', () => {
  it('spells names as an editor would', () => {
    expect(plainLabel('bookingLinkURL')).toBe('Booking link URL')
    expect(plainLabel('bookingUrl')).toBe('Booking URL')
    expect(plainLabel('showTimeId')).toBe('Show time ID')
    expect(plainLabel('productionSeasonIds')).toBe('Production season IDs')
    expect(plainLabel('src_opengraph')).toBe('Src opengraph')
    expect(plainLabel('url')).toBe('URL')
    expect(plainLabel('firstPerformance')).toBe('First performance')
  })

  it('labels nested fields and keeps a field’s own label', async () => {
    const config = await plainLabels()({
      collections: [
        {
          slug: 'things',
          fields: [
            { name: 'ticketUrl', type: 'text' },
            { name: 'hidden', type: 'checkbox', label: 'Hidden from listings' },
            {
              type: 'tabs',
              tabs: [{ label: 'One', fields: [{ name: 'eventId', type: 'text' }] }],
            },
            { name: 'group', type: 'group', fields: [{ name: 'websiteUrl', type: 'text' }] },
          ],
        },
      ],
    } as never)
    const fields = config.collections?.[0]?.fields as never as Record<string, unknown>[]
    expect(fields[0]).toMatchObject({ label: 'Ticket URL' })
    expect(fields[1]).toMatchObject({ label: 'Hidden from listings' })
    expect(fields[2]).toMatchObject({ tabs: [{ fields: [{ label: 'Event ID' }] }] })
    expect(fields[3]).toMatchObject({ label: 'Group', fields: [{ label: 'Website URL' }] })
  })
})
