import { ProviderError } from '../http'

/**
 * The parts of Spektrix API v3's answers the sync reads, checked as read: ids are non-empty
 * strings, dates parse, flags are booleans. Anything else fails the run (and changes nothing).
 */
export type SpektrixEvent = {
  id: string
  name: string
  description: string
  duration: number | null
  /** The event's image, when Spektrix has one: an http(s) address. */
  imageUrl: string | null
  altText: string
}

export type SpektrixInstance = {
  id: string
  eventId: string
  /** ISO instant (Spektrix's `startUtc` carries no zone: it is UTC). */
  startUtc: string
  isOnSale: boolean
  cancelled: boolean
}

export type SpektrixStatus = { available: number; capacity: number }

type Obj = Record<string, unknown>

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const wrong = (what: string, why: string): never => {
  throw new ProviderError(`Spektrix answered ${what} in a shape the sync does not know: ${why}.`)
}

const id = (value: unknown, what: string, field: string): string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 200
    ? value
    : wrong(what, `"${field}" is not an id string`)

const flag = (value: unknown, what: string, field: string): boolean =>
  typeof value === 'boolean' ? value : wrong(what, `"${field}" is not true or false`)

const list = (body: unknown, what: string): unknown[] =>
  Array.isArray(body) ? body : wrong(what, 'not a list')

/** `startUtc` as an ISO instant; Spektrix writes it without a zone. */
export const utcInstant = (value: unknown, what: string): string => {
  if (typeof value !== 'string') return wrong(what, '"startUtc" is not a date')
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`
  const at = new Date(zoned)
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) || Number.isNaN(at.getTime()))
    return wrong(what, `"startUtc" ${JSON.stringify(value.slice(0, 40))} is not a date`)
  return at.toISOString()
}

export const readEvents = (body: unknown): SpektrixEvent[] =>
  list(body, 'the event list').map((item) => {
    const what = 'the event list'
    if (!isObj(item)) return wrong(what, 'an entry is not an object')
    const duration = item.duration
    return {
      id: id(item.id, what, 'id'),
      name: typeof item.name === 'string' ? item.name : wrong(what, '"name" is not text'),
      description: typeof item.description === 'string' ? item.description : '',
      duration:
        typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : null,
      // An image is a nicety: an address that is not one is no image, not a broken answer.
      imageUrl:
        typeof item.imageUrl === 'string' && /^https?:\/\/\S{1,2000}$/i.test(item.imageUrl)
          ? item.imageUrl
          : null,
      altText: typeof item.altText === 'string' ? item.altText.slice(0, 500) : '',
    }
  })

export const readInstances = (body: unknown): SpektrixInstance[] =>
  list(body, 'the instance list').map((item) => {
    const what = 'the instance list'
    if (!isObj(item)) return wrong(what, 'an entry is not an object')
    const event = isObj(item.event) ? item.event : wrong(what, '"event" is not an object')
    return {
      id: id(item.id, what, 'id'),
      eventId: id(event.id, what, 'event.id'),
      startUtc: utcInstant(item.startUtc, what),
      isOnSale: flag(item.isOnSale, what, 'isOnSale'),
      cancelled: flag(item.cancelled, what, 'cancelled'),
    }
  })

export const readStatus = (body: unknown): SpektrixStatus => {
  const what = 'an instance status'
  if (!isObj(body)) return wrong(what, 'not an object')
  const count = (field: string): number => {
    const value = body[field]
    return typeof value === 'number' && Number.isFinite(value) && value >= 0
      ? value
      : wrong(what, `"${field}" is not a count`)
  }
  return { available: count('available'), capacity: count('capacity') }
}
