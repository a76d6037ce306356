import type { Block } from 'payload'

import { shownEvents, upcomingDefaultLimit, upcomingMaxLimit } from './shownEvents'

/**
 * A list of events: chosen by hand, or the upcoming ones of a season, series or venue. Every
 * reference stays within the page's tenant; partners get the events it shows now beside it.
 */
export const EventListBlock: Block = {
  slug: 'eventList',
  interfaceName: 'EventListBlock',
  labels: { singular: 'Event list', plural: 'Event lists' },
  custom: { partnerResolved: shownEvents },
  fields: [
    { name: 'heading', type: 'text', maxLength: 200 },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'chosen',
      options: [
        { label: 'Chosen by hand', value: 'chosen' },
        { label: 'Upcoming in a season, series or venue', value: 'upcoming' },
      ],
    },
    {
      name: 'events',
      type: 'relationship',
      relationTo: 'events',
      hasMany: true,
      maxRows: 50,
      admin: { condition: (_, block) => block?.source !== 'upcoming' },
    },
    {
      name: 'season',
      type: 'relationship',
      relationTo: 'seasons',
      admin: {
        condition: (_, block) => block?.source === 'upcoming',
        description: 'Leave season, series and venue empty for every upcoming event.',
      },
    },
    {
      name: 'series',
      type: 'relationship',
      relationTo: 'series',
      admin: { condition: (_, block) => block?.source === 'upcoming' },
    },
    {
      name: 'venue',
      type: 'relationship',
      relationTo: 'venues',
      admin: { condition: (_, block) => block?.source === 'upcoming' },
    },
    {
      name: 'limit',
      type: 'number',
      min: 1,
      max: upcomingMaxLimit,
      defaultValue: upcomingDefaultLimit,
      admin: {
        condition: (_, block) => block?.source === 'upcoming',
        description: 'How many of the upcoming events to show, soonest first.',
      },
    },
  ],
}
