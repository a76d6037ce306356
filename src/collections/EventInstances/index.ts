import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import { linkField } from '../../fields/link'
import { bookingGroup, instanceTicketingGroups } from '../../fields/ticketing'
import { availabilityOptions } from './availability'
import { bulkEndpoints } from './bulk/endpoints'
import { keepBookingUrl } from './hooks/keepBookingUrl'
import { validateInstanceDates } from './hooks/validateInstanceDates'
import { defaultInstanceTitle } from './hooks/defaultInstanceTitle'
import { keepEventDates } from './hooks/keepEventDates'
import { keepPreviousStart } from './hooks/keepPreviousStart'
import { zoneFromTenant } from './hooks/zoneFromTenant'
import { startZone } from './startZoneField'
import type { CollectionFacts } from '../facts'
import { namedHooks } from '../../lib/hookNames'

const dateTime = { date: { pickerAppearance: 'dayAndTime' as const } }

export const EventInstances: CollectionConfig = {
  slug: 'event-instances',
  custom: {
    tenantOwned: true,
    customAttributes: true,
    partner: {
      path: 'event-instances',
      schema: 'EventInstance',
      tag: 'Event instances',
      // A run of performances is entered at once (a season's dates, a box office's import).
      batchCreate: true,
    },
  } satisfies CollectionFacts,
  labels: { singular: 'Event instance', plural: 'Event instances' },
  admin: {
    useAsTitle: 'title',
    group: 'Listings',
    defaultColumns: ['title', 'event', 'startDate', 'ticketingSystem', 'hidden'],
    description: 'Performances: one date and time of an event.',
  },
  access: contentAccess,
  endpoints: bulkEndpoints,
  hooks: {
    beforeValidate: namedHooks({ validateInstanceDates, zoneFromTenant }),
    beforeChange: namedHooks({ defaultInstanceTitle, keepBookingUrl, keepPreviousStart }),
    afterChange: namedHooks({ keepEventDates: keepEventDates.afterChange }),
    afterDelete: [keepEventDates.afterDelete],
  },
  fields: [
    {
      name: 'title',
      type: 'text',
      admin: {
        description:
          'Left empty: the event title and the local date and time, which follow the start when it moves.',
      },
    },
    { name: 'event', type: 'relationship', relationTo: 'events', required: true, index: true },
    {
      name: 'venue',
      type: 'relationship',
      relationTo: 'venues',
      index: true,
      admin: { description: 'Where this performance takes place.' },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'startDate',
          type: 'date',
          required: true,
          index: true,
          timezone: startZone,
          admin: { ...dateTime, description: 'Local time in the chosen zone.' },
        },
        {
          name: 'endDate',
          type: 'date',
          // One performance, one place: the end is in the start's zone (partner answers, title).
          custom: { zoneFrom: 'startDate_tz' },
          admin: dateTime,
        },
      ],
    },
    {
      name: 'previousStartDate',
      type: 'date',
      custom: { zoneFrom: 'startDate_tz' },
      admin: {
        ...dateTime,
        readOnly: true,
        description:
          'The start this performance had before it was first moved while its event was published (kept by the server): search engines show it as rescheduled.',
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'ticketingSystem',
          type: 'select',
          options: [
            { label: 'Elevent', value: 'elevent' },
            { label: 'Spektrix', value: 'spektrix' },
            { label: 'Tessitura', value: 'tessitura' },
            { label: 'Lineup', value: 'lineup' },
            { label: 'Other', value: 'other' },
          ],
        },
        { name: 'ticketingSystemId', type: 'text' },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'availability',
          type: 'select',
          options: availabilityOptions,
          admin: {
            description:
              'What the box office says is left, one vocabulary for every box office: available, limited (few left), sold_out, not_on_sale, cancelled. Set by the ticketing sync. A performance whose startDate has passed is past, whatever this says (past is not stored).',
          },
        },
        { name: 'onSale', type: 'checkbox', defaultValue: false },
        { name: 'cancelled', type: 'checkbox', defaultValue: false },
      ],
    },
    {
      name: 'providerStatus',
      type: 'text',
      maxLength: 500,
      admin: {
        readOnly: true,
        description:
          "The box office's own words for this performance's state, as the last sync or availability refresh read them (availability is the same state in the one vocabulary).",
      },
    },
    linkField({
      name: 'ticketingUrl',
      admin: { description: "The box office's own booking page for this performance." },
    }),
    {
      name: 'bookingUrl',
      type: 'text',
      admin: {
        readOnly: true,
        description:
          "Where a website sends a booker: this performance's own booking link, else the box office's page for it, else its event's booking link. Kept by the server.",
      },
    },
    {
      name: 'hidden',
      type: 'checkbox',
      label: 'Hidden from listings',
      defaultValue: false,
      admin: {
        description: 'Keep this performance off public listings.',
        components: { Cell: '/components/cells/YesNo#YesNoCell' },
      },
    },
    bookingGroup(),
    {
      type: 'collapsible',
      label: 'Ticketing sync',
      admin: { initCollapsed: true },
      fields: instanceTicketingGroups(),
    },
  ],
}
