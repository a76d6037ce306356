/**
 * What a performance's box office says is left, in one vocabulary for every provider (each
 * provider module maps its own status to it).
 */
export const availabilityValues = [
  'available',
  'limited',
  'sold_out',
  'not_on_sale',
  'cancelled',
] as const

export type Availability = (typeof availabilityValues)[number]

export const availabilityOptions = [
  { label: 'Available', value: 'available' },
  { label: 'Few left', value: 'limited' },
  { label: 'Sold out', value: 'sold_out' },
  { label: 'Not on sale', value: 'not_on_sale' },
  { label: 'Cancelled', value: 'cancelled' },
] satisfies { label: string; value: Availability }[]
