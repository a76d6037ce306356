import { ProviderError } from '../http'

/**
 * The parts of Line-Up's answers the sync reads, checked as read: every answer's `.data`, ids
 * are whole numbers (or id strings), dates parse. Anything else fails the run (and changes
 * nothing). Fields Line-Up does not always send are read as absent, not as errors.
 */
export type LineUpEvent = {
  id: string
  name: string
  shortDescription: string
  description: string
  runTime: number | null
  tags: string[]
  currency: string | null
  imageUrl: string | null
  ticketUrl: string | null
  websiteUrl: string | null
  type: string | null
  category: string | null
}

export type LineUpPerformance = {
  id: string
  eventId: string
  /** YYYY-MM-DD and HH:MM[:SS], local to `timeZone`. */
  startDate: string
  startTime: string
  endDate: string | null
  endTime: string | null
  timeZone: string
  name: string | null
  description: string | null
  status: string | null
  cancelled: boolean
  totalCapacity: number | null
  totalCapacityRemaining: number | null
  onSaleDate: string | null
  offSaleDate: string | null
  ticketUrl: string | null
  venuePlanType: string | null
  /** Every variant price of every band; empty when the answer carries no pricing. */
  prices: number[]
  /** The answer as Line-Up sent it, for `lineup.syncData`. */
  raw: unknown
}

type Obj = Record<string, unknown>

export const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const wrong = (what: string, why: string): never => {
  throw new ProviderError(`Line-Up answered ${what} in a shape the sync does not know: ${why}.`)
}

/** `.data` of an answer. */
export const dataOf = (body: unknown, what: string): unknown =>
  isObj(body) && 'data' in body ? body.data : wrong(what, 'no "data"')

const idOf = (value: unknown, what: string, field: string): string => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  if (typeof value === 'string' && /^[\w-]{1,100}$/.test(value)) return value
  return wrong(what, `"${field}" is not an id`)
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

const count = (value: unknown, what: string, field: string): number | null => {
  if (value === undefined || value === null) return null
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : wrong(what, `"${field}" is not a count`)
}

const httpsLink = (value: unknown): string | null =>
  typeof value === 'string' && /^https:\/\/\S{1,2000}$/i.test(value) ? value : null

const dateText = (value: unknown, what: string, field: string): string =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value)
    ? value
    : wrong(what, `"${field}" is not a date`)

const timeText = (value: unknown, what: string, field: string): string =>
  typeof value === 'string' && /^\d\d:\d\d(:\d\d)?$/.test(value)
    ? value
    : wrong(what, `"${field}" is not a time`)

const instant = (value: unknown, what: string, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null
  const at = typeof value === 'string' ? new Date(value) : null
  return at && !Number.isNaN(at.getTime())
    ? at.toISOString()
    : wrong(what, `"${field}" is not a date`)
}

const tagsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .map((t) => (typeof t === 'string' ? t : isObj(t) ? text(t.name) : null))
        .filter((t): t is string => t !== null)
    : []

export const readEvent = (body: unknown, what = 'an event'): LineUpEvent => {
  const item = dataOf(body, what)
  return eventFrom(item, what)
}

const eventFrom = (item: unknown, what: string): LineUpEvent => {
  if (!isObj(item)) return wrong(what, 'not an object')
  const runTime = item.runTime
  const organisation = isObj(item.organisation) ? item.organisation : {}
  const currency = text(organisation.currency)
  const gallery = Array.isArray(item.gallery) ? item.gallery : []
  const first: unknown = gallery[0]
  return {
    id: idOf(item.id, what, 'id'),
    name: typeof item.name === 'string' ? item.name : wrong(what, '"name" is not text'),
    shortDescription: text(item.shortDescription) ?? '',
    description: text(item.description) ?? '',
    runTime:
      typeof runTime === 'number' && Number.isFinite(runTime) && runTime > 0 ? runTime : null,
    tags: tagsOf(item.tags),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    // An image is a nicety: an address that is not one is no image, not a broken answer.
    imageUrl:
      isObj(first) && typeof first.url === 'string' && /^https?:\/\/\S{1,2000}$/i.test(first.url)
        ? first.url
        : null,
    ticketUrl: httpsLink(item.ticketUrl) ?? httpsLink(item.bookingUrl),
    websiteUrl: httpsLink(item.websiteUrl) ?? httpsLink(item.url),
    type: text(item.type),
    category: text(item.category),
  }
}

/** A page of the event list: the events and the page's own envelope. */
export const readEventPage = (body: unknown): LineUpEvent[] => {
  const what = 'the event list'
  const data = dataOf(body, what)
  return Array.isArray(data) ? data.map((item) => eventFrom(item, what)) : wrong(what, 'not a list')
}

/** A page of the performance list (no pricing), or a performance's detail (with pricing). */
export const readPerformancePage = (body: unknown): LineUpPerformance[] => {
  const what = 'the performance list'
  const data = dataOf(body, what)
  return Array.isArray(data)
    ? data.map((item) => performanceFrom(item, what))
    : wrong(what, 'not a list')
}

export const readPerformance = (body: unknown, what = 'a performance'): LineUpPerformance =>
  performanceFrom(dataOf(body, what), what)

const pricesOf = (value: unknown, what: string): number[] => {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) return wrong(what, '"pricing" is not a list')
  const prices: number[] = []
  for (const band of value) {
    const priceBand = isObj(band) && isObj(band.priceBand) ? band.priceBand : null
    const variants = priceBand && Array.isArray(priceBand.variants) ? priceBand.variants : []
    for (const variant of variants) {
      const price = isObj(variant) && isObj(variant.price) ? variant.price.value : undefined
      if (price === undefined) continue
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0)
        return wrong(what, 'a variant\'s "price.value" is not a price')
      prices.push(price)
    }
  }
  return prices
}

const performanceFrom = (item: unknown, what: string): LineUpPerformance => {
  if (!isObj(item)) return wrong(what, 'an entry is not an object')
  const status = text(item.status)
  const timeZone = text(item.timeZone) ?? 'Europe/London'
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone })
  } catch {
    return wrong(what, `"timeZone" ${JSON.stringify(timeZone.slice(0, 40))} is not a zone`)
  }
  const plan = isObj(item.venuePlan) ? item.venuePlan : {}
  return {
    id: idOf(item.id, what, 'id'),
    eventId: idOf(item.eventId, what, 'eventId'),
    startDate: dateText(item.startDate, what, 'startDate'),
    startTime: timeText(item.startTime, what, 'startTime'),
    endDate: item.endDate ? dateText(item.endDate, what, 'endDate') : null,
    endTime: item.endTime ? timeText(item.endTime, what, 'endTime') : null,
    timeZone,
    name: text(item.name) ?? text(item.title),
    description: text(item.description) ?? text(item.externalDescription),
    status,
    cancelled: item.cancelled === true || (status !== null && /cancel/i.test(status)),
    totalCapacity: count(item.totalCapacity, what, 'totalCapacity'),
    totalCapacityRemaining: count(item.totalCapacityRemaining, what, 'totalCapacityRemaining'),
    onSaleDate: instant(item.onSaleDate, what, 'onSaleDate'),
    offSaleDate: instant(item.offSaleDate, what, 'offSaleDate'),
    ticketUrl: httpsLink(item.ticketUrl) ?? httpsLink(item.bookingUrl),
    venuePlanType: text(plan.type) ?? text(item.venuePlanType),
    prices: pricesOf(item.pricing, what),
    raw: item,
  }
}
