import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { eventBookingLink, storeBookingUrls } from '../../../collections/Events/bookingUrls'
import { eventFacts } from '../../../collections/EventInstances/eventFacts'
import { executeInRequest } from '../../../db/inTransaction'
import { collectionTable } from '../../../db/postgres'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { eleventLink } from '../providers/elevent/link'

type Doc = Record<string, unknown> | undefined
type Shop = { shop: string | null; template: string | null }

const group = (doc: Doc, name: string): Record<string, unknown> =>
  (doc?.[name] as Record<string, unknown> | undefined) ?? {}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** A performance is Elevent's when it says so, or names a show time and no other system. */
export const isEleventInstance = (doc: Doc): boolean =>
  doc?.ticketingSystem === 'elevent' ||
  (!doc?.ticketingSystem && text(group(doc, 'elevent').showTimeId) !== undefined)

/** The tenant's Elevent connection's shop (at most one per tenant), in the request's transaction. */
export const eleventShopOf = async ({
  req,
  tenantId,
}: {
  req: PayloadRequest
  tenantId: string
}): Promise<Shop> => {
  const { docs } = await req.payload.find({
    collection: 'ticketing-connections',
    where: { and: [{ tenant: { equals: tenantId } }, { provider: { equals: 'elevent' } }] },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const elevent = group(docs[0] as Doc, 'elevent')
  return { shop: text(elevent.shopAddress) ?? null, template: text(elevent.linkTemplate) ?? null }
}

/**
 * On a performance's save: an Elevent performance's `ticketingUrl` is the server's, built from
 * the tenant's Elevent connection and its ids (its own `elevent.eventId`, else its event's).
 * Runs before `keepBookingUrl`, which then derives `bookingUrl` from it.
 */
export const eleventInstanceLink: CollectionBeforeChangeHook = async ({
  data,
  originalDoc,
  req,
}) => {
  const merged = { ...originalDoc, ...data } as Record<string, unknown>
  if (!isEleventInstance(merged)) return data
  const tenantId = relationId(merged.tenant as RelationValue)
  const eventId = relationId(merged.event as RelationValue)
  const own = group(merged, 'elevent')
  const { shop, template } = tenantId
    ? await eleventShopOf({ req, tenantId: String(tenantId) })
    : { shop: null, template: null }
  const ticketingUrl = shop
    ? eleventLink({
        shop,
        template,
        eventId:
          text(own.eventId) ??
          (eventId ? (await eventFacts({ req, eventId: String(eventId) })).eleventEventId : null),
        eventUrlName: own.eventUrlName,
        showTimeId: own.showTimeId,
      })
    : null
  return { ...data, ticketingUrl }
}

/** Rows rewritten per statement. */
const batch = 500

/**
 * The Elevent performances of a tenant (or of one event) get their `ticketingUrl` again from
 * the connection's shop, then their events' performances their `bookingUrl` by the one rule
 * (`storeBookingUrls`). Plain SQL in the request's transaction, like `storeBookingUrls`: the
 * write that asked (connection, event) already ends the tenant's cached answers.
 */
export const refreshEleventLinks = async ({
  req,
  tenantId,
  eventId,
}: {
  req: PayloadRequest
  tenantId: string
  eventId?: string
}): Promise<number> => {
  const instances = collectionTable({ payload: req.payload, collection: 'event-instances' })
  const events = collectionTable({ payload: req.payload, collection: 'events' })
  const c = {
    id: instances?.columns.id?.name,
    tenant: instances?.field('tenant'),
    event: instances?.field('event'),
    system: instances?.field('ticketingSystem'),
    url: instances?.field('ticketingUrl'),
    showTimeId: instances?.field('elevent_showTimeId'),
    eventId: instances?.field('elevent_eventId'),
    urlName: instances?.field('elevent_eventUrlName'),
    eventsId: events?.columns.id?.name,
    eventsEleventId: events?.field('elevent_eventId'),
  }
  if (!instances || !events || Object.values(c).some((v) => !v))
    throw new Error('event-instances has no Elevent columns')
  const col = (name: keyof typeof c) => sql.identifier(c[name]!)
  const { shop, template } = await eleventShopOf({ req, tenantId })
  const rows = await executeInRequest<{
    id: string
    event: string | null
    url: string | null
    showTimeId: string | null
    ownEventId: string | null
    eventEventId: string | null
    urlName: string | null
  }>({
    req,
    query: sql`select i.${col('id')} as id, i.${col('event')} as event, i.${col('url')} as url,
        i.${col('showTimeId')} as "showTimeId", i.${col('eventId')} as "ownEventId",
        i.${col('urlName')} as "urlName", e.${col('eventsEleventId')} as "eventEventId"
      from ${sql.identifier(instances.name)} i
      left join ${sql.identifier(events.name)} e on e.${col('eventsId')} = i.${col('event')}
      where i.${col('tenant')} = ${tenantId}
        ${eventId ? sql`and i.${col('event')} = ${eventId}` : sql``}
        and (i.${col('system')} = 'elevent'
          or (i.${col('system')} is null and nullif(trim(i.${col('showTimeId')}), '') is not null))`,
  })
  const changed = rows
    .map((row) => ({
      row,
      url: shop
        ? eleventLink({
            shop,
            template,
            eventId: text(row.ownEventId) ?? row.eventEventId,
            eventUrlName: row.urlName,
            showTimeId: row.showTimeId,
          })
        : null,
    }))
    .filter(({ row, url }) => row.url !== url)
  for (let n = 0; n < changed.length; n += batch) {
    const values = sql.join(
      changed.slice(n, n + batch).map(({ row, url }) => sql`(${row.id}::uuid, ${url}::text)`),
      sql`, `,
    )
    await executeInRequest({
      req,
      query: sql`update ${sql.identifier(instances.name)} i set ${col('url')} = v.url
        from (values ${values}) as v(id, url) where i.${col('id')} = v.id`,
    })
  }
  const touched = new Set(changed.map(({ row }) => row.event).filter((e): e is string => !!e))
  for (const event of touched)
    await storeBookingUrls({
      req,
      eventId: event,
      eventLink: await eventBookingLink({ req, eventId: event }),
    })
  return changed.length
}

/** An event's `elevent.eventId` moved: its Elevent performances' links follow. */
export const eleventEventLinks: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if ((doc as { _status?: string })._status === 'draft') return doc
  if (text(group(doc, 'elevent').eventId) === text(group(previousDoc, 'elevent').eventId))
    return doc
  const tenantId = relationId((doc as Doc)?.tenant as RelationValue)
  if (tenantId)
    await refreshEleventLinks({ req, tenantId: String(tenantId), eventId: String(doc.id) })
  return doc
}
