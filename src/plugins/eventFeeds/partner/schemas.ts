import type { JsonSchema } from '../../partnerApi/exports/routes'

/**
 * The JSON-LD answer as the document describes it: schema.org's own vocabulary is the
 * contract of its nodes, so only the frame and what every Event carries are fixed here.
 */
export const eventFeedSchemas = (): Record<string, JsonSchema> => ({
  EventJsonLd: {
    type: 'object',
    description:
      'schema.org JSON-LD: one Event (TheaterEvent, MusicEvent, DanceEvent, ComedyEvent, ScreeningEvent, else Event) per visible performance, earliest first.',
    required: ['@context', '@graph'],
    properties: {
      '@context': { const: 'https://schema.org' },
      '@graph': {
        type: 'array',
        items: {
          type: 'object',
          required: ['@type', 'name', 'startDate', 'eventStatus', 'organizer'],
          properties: {
            '@type': { type: 'string' },
            name: { type: 'string' },
            startDate: { type: 'string', format: 'date-time' },
            endDate: { type: 'string', format: 'date-time' },
            eventStatus: { type: 'string', format: 'uri' },
            organizer: { type: 'object', description: 'An Organization: a name and a url.' },
          },
        },
      },
    },
  },
})
