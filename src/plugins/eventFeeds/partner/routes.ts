import {
  uuidPathParameter,
  type PartnerRoute,
  type RouteCall,
} from '../../partnerApi/exports/routes'
import { eventFeedLimits, feedResources } from '../defaults'
import type { FeedFilter } from '../read/reading'
import { feedParameters, parseFeedQuery, parseNoQuery } from './feedQuery'
import { calendarGuestAccess } from './guest'
import * as ops from './operations'
import { eventFeedSchemas } from './schemas'

export const feedsTag = {
  name: 'Feeds',
  description:
    "What a website and a calendar read of the tenant's published listings in other formats: an event's performances as schema.org JSON-LD (for search engines' event results), and iCalendar feeds (RFC 5545) to subscribe to. Only published events and performances that are not hidden; times in each performance's zone.",
}

const calendar = 'text/calendar; charset=utf-8'
const feedErrors = [400, 401, 403, 429, 503]
const idOf = (call: RouteCall<unknown>): string => (call.params.id ?? '').toLowerCase()

const jsonld: PartnerRoute<Record<string, never>> = {
  method: 'GET',
  path: '/{tenant}/events/{id}/jsonld',
  scope: 'read',
  tag: feedsTag,
  operationId: 'retrieveEventJsonLd',
  summary: "An event's performances as schema.org JSON-LD",
  description: `One schema.org Event per performance that is not hidden (at most ${eventFeedLimits.graphPerformances}, the earliest first), for the JSON-LD script element of the event's page: its type by the box office's categories (theatre, music, dance, comedy, film, else Event), start and end with the zone's offset, location as a Place with its PostalAddress, image, description as plain text, offers (booking link, price and currency where the box office gives them, availability: InStock, LimitedAvailability, SoldOut, PreOrder, Discontinued), organizer, workPerformed, eventStatus (EventScheduled, EventCancelled, EventRescheduled with previousStartDate) and superEvent for its season and series. The published event only: a draft, another tenant's event and an unknown id are the same 404.`,
  input: {
    params: { id: uuidPathParameter({ name: 'id', description: 'The event identifier.' }) },
    query: { parse: ({ search }) => parseNoQuery(search), parameters: () => [] },
  },
  operation: (call) =>
    ops.eventJsonLd({ payload: call.payload, principal: call.principal, id: idOf(call) }),
  success: {
    status: 200,
    description: 'Successful response',
    schema: 'EventJsonLd',
    mediaType: 'application/ld+json',
    cached: { resource: feedResources.jsonld, key: (call) => `jsonld ${idOf(call)}` },
  },
  errors: [400, 401, 403, 404, 429, 503],
  errorDescriptions: { 404: 'Not found' },
  schemas: () => eventFeedSchemas(),
}

const tenantFeed: PartnerRoute<FeedFilter> = {
  method: 'GET',
  path: '/{tenant}/calendar.ics',
  scope: 'read',
  guest: calendarGuestAccess,
  tag: feedsTag,
  operationId: 'retrieveCalendarFeed',
  summary: "The tenant's performances as an iCalendar feed",
  description: `Every performance that is not hidden of the tenant's published events, from ${eventFeedLimits.pastDays} days ago on (at most ${eventFeedLimits.feedPerformances}, the earliest first), narrowed by \`venue\`, \`season\`, \`series\` or \`event\`. Each entry's UID is the performance's and never changes; its SEQUENCE rises with every change of the performance, its event or its venue; a cancelled performance stays in the feed with STATUS:CANCELLED. Times are local with a VTIMEZONE for the zone.`,
  input: {
    query: { parse: ({ search }) => parseFeedQuery(search), parameters: () => feedParameters },
  },
  operation: (call) =>
    ops.tenantCalendar({
      payload: call.payload,
      principal: call.principal,
      filter: call.query,
      from: ops.feedStart(new Date()),
    }),
  success: {
    status: 200,
    description: 'Successful response',
    mediaType: calendar,
    cached: {
      resource: feedResources.calendar,
      // The day is in the key: the window moves once a day, and so does the answer.
      key: (call) =>
        `feed ${ops.feedStart(new Date()).toISOString().slice(0, 10)} ${JSON.stringify(call.query)}`,
    },
  },
  errors: feedErrors,
}

const performanceFeed: PartnerRoute<Record<string, never>> = {
  method: 'GET',
  path: '/{tenant}/event-instances/{id}/ics',
  scope: 'read',
  guest: calendarGuestAccess,
  tag: feedsTag,
  operationId: 'retrieveEventInstanceCalendar',
  summary: 'One performance as an iCalendar file',
  description:
    'The one performance as a calendar entry, the same entry (UID, SEQUENCE) the feeds hold: for an "add to calendar" link. A hidden performance, one of an unpublished event, another tenant\'s and an unknown id are the same 404.',
  input: {
    params: {
      id: uuidPathParameter({ name: 'id', description: 'The event instance identifier.' }),
    },
    query: { parse: ({ search }) => parseNoQuery(search), parameters: () => [] },
  },
  operation: (call) =>
    ops.performanceCalendar({ payload: call.payload, principal: call.principal, id: idOf(call) }),
  success: {
    status: 200,
    description: 'Successful response',
    mediaType: calendar,
    cached: { resource: feedResources.calendar, key: (call) => `instance ${idOf(call)}` },
  },
  errors: [...feedErrors, 404],
  errorDescriptions: { 404: 'Not found' },
}

/** The feed routes, for `partnerApi({ routes })`. */
export const eventFeedRoutes: readonly PartnerRoute[] = [jsonld, tenantFeed, performanceFeed]
