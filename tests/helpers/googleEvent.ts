/**
 * Google's structured-data rules for an Event, as a small checker of one JSON-LD node:
 * https://developers.google.com/search/docs/appearance/structured-data/event
 * ("Structured data type definitions": required and recommended properties). What it lists:
 *
 * - required: `name`, `startDate` (ISO 8601), `location` (a Place with an `address`, or a
 *   VirtualLocation with a `url`);
 * - recommended: `description`, `endDate`, `eventAttendanceMode`, `eventStatus`, `image`,
 *   `offers` (`availability`, `price`, `priceCurrency`, `url`, `validFrom`), `organizer`
 *   (`name`, `url`), `performer` (`name`), and `previousStartDate` for a rescheduled event.
 *
 * It answers the required properties missing, the recommended ones missing (by dotted name),
 * and the values that break the rules' formats.
 */
type Node = Record<string, unknown>

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)
const present = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length)

/**
 * ISO 8601: a date, or a date-time with an offset (Google: "use ISO-8601 format"; a time
 * without an offset is read in the place's zone, which this API never leaves to chance).
 */
const isoWithOffset = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z))?$/
const eventStatuses = [
  'EventCancelled',
  'EventMovedOnline',
  'EventPostponed',
  'EventRescheduled',
  'EventScheduled',
].map((term) => `https://schema.org/${term}`)
const attendanceModes = ['Offline', 'Online', 'Mixed'].map(
  (mode) => `https://schema.org/${mode}EventAttendanceMode`,
)
const availabilities = [
  'InStock',
  'SoldOut',
  'PreOrder',
  'LimitedAvailability',
  'Discontinued',
  'OutOfStock',
  'PreSale',
  'BackOrder',
  'OnlineOnly',
  'InStoreOnly',
].map((term) => `https://schema.org/${term}`)
const eventTypes = /^(Event|[A-Z][A-Za-z]*Event|Festival)$/

export type GoogleEventVerdict = {
  missingRequired: string[]
  missingRecommended: string[]
  problems: string[]
}

export const checkGoogleEvent = (node: Node): GoogleEventVerdict => {
  const missingRequired: string[] = []
  const missingRecommended: string[] = []
  const problems: string[] = []
  const type = String(node['@type'])
  if (!eventTypes.test(type)) problems.push(`@type ${type} is no Event type`)

  if (!present(node.name)) missingRequired.push('name')
  if (!present(node.startDate)) missingRequired.push('startDate')
  else if (!isoWithOffset.test(String(node.startDate))) problems.push('startDate is not ISO 8601')
  const location = first(node.location)
  if (!isNode(location)) missingRequired.push('location')
  else if (location['@type'] === 'VirtualLocation') {
    if (!present(location.url)) missingRequired.push('location.url')
  } else if (location['@type'] === 'Place') {
    const address = location.address
    if (!present(address)) missingRequired.push('location.address')
    else if (isNode(address) && address['@type'] !== 'PostalAddress')
      problems.push('location.address is no PostalAddress')
  } else problems.push('location is neither a Place nor a VirtualLocation')

  for (const name of ['description', 'endDate', 'eventAttendanceMode', 'eventStatus', 'image'])
    if (!present(node[name])) missingRecommended.push(name)
  if (present(node.endDate) && !isoWithOffset.test(String(node.endDate)))
    problems.push('endDate is not ISO 8601')
  if (present(node.eventStatus) && !eventStatuses.includes(String(node.eventStatus)))
    problems.push(`eventStatus ${String(node.eventStatus)} is not one of Google's`)
  if (
    present(node.eventAttendanceMode) &&
    !attendanceModes.includes(String(node.eventAttendanceMode))
  )
    problems.push('eventAttendanceMode is not one of schema.org')
  for (const url of [node.image].flat().filter(present))
    if (!/^https?:\/\//.test(String(url))) problems.push(`image ${String(url)} is not absolute`)

  const offer = first(node.offers)
  if (!isNode(offer)) missingRecommended.push('offers')
  else {
    for (const name of ['availability', 'price', 'priceCurrency', 'url', 'validFrom'])
      if (!present(offer[name])) missingRecommended.push(`offers.${name}`)
    if (present(offer.availability) && !availabilities.includes(String(offer.availability)))
      problems.push(`offers.availability ${String(offer.availability)} is not schema.org's`)
    if (present(offer.price) && !Number.isFinite(Number(offer.price)))
      problems.push('offers.price is not a number')
    if (present(offer.priceCurrency) && !/^[A-Z]{3}$/.test(String(offer.priceCurrency)))
      problems.push('offers.priceCurrency is not ISO 4217')
    if (present(offer.validFrom) && !isoWithOffset.test(String(offer.validFrom)))
      problems.push('offers.validFrom is not ISO 8601')
  }

  const organizer = first(node.organizer)
  if (!isNode(organizer)) missingRecommended.push('organizer')
  else
    for (const name of ['name', 'url'])
      if (!present(organizer[name])) missingRecommended.push(`organizer.${name}`)
  const performer = first(node.performer)
  if (!isNode(performer)) missingRecommended.push('performer')
  else if (!present(performer.name)) missingRecommended.push('performer.name')

  if (node.eventStatus === 'https://schema.org/EventRescheduled') {
    if (!present(node.previousStartDate)) missingRecommended.push('previousStartDate')
    else if (!isoWithOffset.test(String(first(node.previousStartDate))))
      problems.push('previousStartDate is not ISO 8601')
  }
  return { missingRequired, missingRecommended, problems }
}
