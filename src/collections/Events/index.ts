import type { CollectionConfig, Field } from 'payload'

import { contentAccess } from '../../access/content'
import { imageField } from '../../fields/image'
import { richTextField } from '../../fields/richText'
import { slugFields } from '../../fields/slug'
import { themeFields } from '../../fields/slugSet'
import { bookingGroup, eventTicketingGroups } from '../../fields/ticketing'
import { titleField } from '../../fields/title'
import { urlField } from '../../fields/url'
import { deleteDependants } from '../../hooks/deleteDependants'
import { deriveUrl } from '../../hooks/deriveUrl'
import { eventDates } from './hooks/eventDates'
import { keepBookingUrls } from './hooks/keepBookingUrls'
import { setPublishedAt } from '../../hooks/setPublishedAt'
import type { CollectionFacts } from '../facts'
import { namedHooks } from '../../lib/hookNames'

/** A date the server keeps from the event's performances: read-only, indexed for lists. */
const performanceDate = ({ name, which }: { name: string; which: 'first' | 'last' }): Field => ({
  name,
  type: 'date',
  index: true,
  admin: {
    position: 'sidebar',
    readOnly: true,
    date: { pickerAppearance: 'dayAndTime' },
    description: `Start of the ${which} performance that is not hidden.`,
  },
})

export const Events: CollectionConfig = {
  slug: 'events',
  labels: { singular: 'Event', plural: 'Events' },
  admin: {
    useAsTitle: 'title',
    group: 'Listings',
    defaultColumns: ['title', 'image', '_status', 'work', 'updatedAt'],
    description:
      'Productions and happenings; their dates live in event instances, which are deleted with their event.',
  },
  access: contentAccess,
  custom: {
    linkable: true,
    seo: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    deletesWith: [{ collection: 'event-instances', field: 'event' }],
    partner: {
      path: 'events',
      schema: 'Event',
      tag: 'Events',
    },
  } satisfies CollectionFacts,
  // Drafts are validated too: a draft that takes another record's slug is refused when saved,
  // not first when someone publishes it.
  versions: { drafts: { validate: true, schedulePublish: true }, maxPerDoc: 50 },
  indexes: [{ fields: ['slug', 'tenant'], unique: true }],
  hooks: {
    beforeDelete: [deleteDependants],
    beforeChange: namedHooks({
      deriveUrl: deriveUrl({ prefix: '/events' }),
      setPublishedAt,
      eventDates,
    }),
    afterChange: namedHooks({ keepBookingUrls }),
  },
  fields: [
    titleField(),
    {
      type: 'tabs',
      tabs: [
        {
          label: 'Details',
          fields: [
            richTextField({
              name: 'description',
              admin: { description: 'Programme notes: what the audience should know.' },
            }),
            { name: 'work', type: 'relationship', relationTo: 'works', index: true },
            {
              type: 'row',
              fields: [
                {
                  name: 'season',
                  type: 'relationship',
                  relationTo: 'seasons',
                  index: true,
                  admin: { description: 'The season it belongs to.' },
                },
                {
                  name: 'series',
                  type: 'relationship',
                  relationTo: 'series',
                  index: true,
                  admin: { description: 'The series it is part of, if any.' },
                },
              ],
            },
            imageField(),
            {
              name: 'hideStartTime',
              type: 'checkbox',
              defaultValue: false,
              admin: { description: 'Show dates without times (all-day or ongoing events).' },
            },
            {
              name: 'venue',
              type: 'group',
              fields: [
                // Stores nothing: copies a Venue record into the fields below.
                {
                  name: 'fillFromVenue',
                  type: 'ui',
                  admin: { components: { Field: '/components/FillFromVenue#FillFromVenue' } },
                },
                { name: 'name', type: 'text' },
                { name: 'address', type: 'text' },
                { name: 'city', type: 'text' },
                { name: 'country', type: 'text' },
              ],
            },
            {
              name: 'organizer',
              type: 'group',
              fields: [
                { name: 'name', type: 'text' },
                { name: 'email', type: 'email' },
              ],
            },
            bookingGroup(),
          ],
        },
        {
          label: 'Performances',
          fields: [
            {
              name: 'performancesInBulk',
              type: 'ui',
              admin: {
                components: { Field: '/components/PerformancesInBulk#PerformancesInBulk' },
              },
            },
            {
              name: 'instances',
              type: 'join',
              collection: 'event-instances',
              on: 'event',
              defaultSort: 'startDate',
              // Listed, added and edited by the field above, which reads them again after each
              // change (this table would not); kept for Payload's REST and GraphQL answers.
              admin: { hidden: true },
            },
          ],
        },
        { label: 'Ticketing sync', fields: eventTicketingGroups() },
      ],
    },
    ...slugFields({ collection: 'events' }),
    urlField(),
    ...themeFields(),
    {
      name: 'publishedAt',
      type: 'date',
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    // Kept by the server from the performances that are not hidden (performanceDates.ts), for
    // "what's on" lists: lastPerformance from now on, sorted by firstPerformance.
    performanceDate({ name: 'firstPerformance', which: 'first' }),
    performanceDate({ name: 'lastPerformance', which: 'last' }),
  ],
}
