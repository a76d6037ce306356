import type { Field, GroupField } from 'payload'

import { linkField } from './link'

const text = (name: string, description?: string): Field => ({
  name,
  type: 'text',
  ...(description ? { admin: { description } } : {}),
})
const flag = (name: string, description?: string): Field => ({
  name,
  type: 'checkbox',
  defaultValue: false,
  ...(description ? { admin: { description } } : {}),
})
const group = ({
  name,
  label,
  fields,
  description,
}: {
  name: string
  label: string
  fields: Field[]
  description?: string
}): GroupField => ({
  name,
  label,
  type: 'group',
  fields,
  ...(description ? { admin: { description } } : {}),
})

const eleventByHand =
  "Elevent has no API the CMS can read: Elevent performances are entered by hand, and their booking link is built from these ids and the Elevent connection's shop address."

const syncConnected = flag('syncConnected', 'Keep this record in sync with the ticketing system.')
const syncToPublished = flag('syncToPublished', 'Publish changes that arrive from the sync.')

/** Booking links, shared by events and their instances. */
export const bookingGroup = (): GroupField =>
  group({
    name: 'booking',
    label: 'Booking link',
    fields: [
      {
        name: 'bookingLinkLabel',
        type: 'text',
        label: 'Button text',
        admin: { description: 'For example "Book now".' },
      },
      linkField({ name: 'bookingLinkURL', label: 'Booking page address' }),
    ],
  })

/** The ticketing and listing systems an event is linked to. */
export const eventTicketingGroups = (): GroupField[] => [
  group({
    name: 'elevent',
    label: 'Elevent',
    description: eleventByHand,
    fields: [syncConnected, text('eventId'), syncToPublished],
  }),
  group({
    name: 'spektrix',
    label: 'Spektrix',
    fields: [
      syncConnected,
      text('eventId'),
      text('eventSyncType'),
      text('spektrixInstances', 'Spektrix instance ids, as Spektrix lists them.'),
      syncToPublished,
    ],
  }),
  group({
    name: 'tessitura',
    label: 'Tessitura',
    fields: [
      syncConnected,
      text('productionSeasonIds'),
      text('performanceSyncType'),
      text('productionPerformances'),
      text('keywords'),
      syncToPublished,
    ],
  }),
  group({
    name: 'lineup',
    label: 'Lineup',
    fields: [
      syncConnected,
      text('eventId'),
      text('eventName'),
      text('eventType'),
      text('eventCategory'),
      linkField({ name: 'ticketUrl' }),
      linkField({ name: 'websiteUrl' }),
      text('tags'),
      syncToPublished,
    ],
  }),
]

/** The same systems' identifiers for one performance. */
export const instanceTicketingGroups = (): GroupField[] => [
  group({
    name: 'elevent',
    label: 'Elevent',
    description: eleventByHand,
    fields: [text('showTimeId'), text('eventId'), text('eventUrlName')],
  }),
  group({ name: 'spektrix', label: 'Spektrix', fields: [text('instanceId'), text('eventId')] }),
  group({
    name: 'tessitura',
    label: 'Tessitura',
    fields: [
      text('performanceId'),
      text('productionSeasonId'),
      text('keywords'),
      text('availability'),
    ],
  }),
  group({
    name: 'lineup',
    label: 'Lineup',
    fields: [
      text('ticketId'),
      text('eventId'),
      text('ticketName'),
      text('ticketDescription'),
      group({
        name: 'pricing',
        label: 'Pricing',
        fields: [
          { name: 'price', type: 'number', min: 0 },
          {
            name: 'currency',
            type: 'text',
            maxLength: 3,
            admin: { description: 'ISO 4217, e.g. EUR.' },
          },
        ],
      }),
      group({
        name: 'availability',
        label: 'Availability',
        fields: [
          { name: 'quantityAvailable', type: 'number', min: 0 },
          { name: 'quantitySold', type: 'number', min: 0 },
          { name: 'saleStart', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
          { name: 'saleEnd', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        ],
      }),
      text('ticketStatus'),
      text('ticketType'),
      text('syncData', 'Raw data of the last sync, as Lineup sent it.'),
    ],
  }),
]
