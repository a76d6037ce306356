import type { Availability, ProviderEvent, ProviderInstance } from '../types'
import type { SpektrixEvent, SpektrixInstance, SpektrixStatus } from './shapes'

/**
 * "Few left" (`limited`): at most this share of the capacity still available. Spektrix says
 * nothing of a threshold; a tenth is what box offices commonly flag as "last few".
 */
export const limitedShare = 0.1

/**
 * One vocabulary from Spektrix's flags and status: cancelled wins, then not on sale (Spektrix's
 * `isOnSale` of the instance: web sales closed or not open yet), then the seats left.
 */
export const availabilityOf = ({
  cancelled,
  onSale,
  status,
}: {
  cancelled: boolean
  onSale: boolean
  status?: SpektrixStatus
}): Availability => {
  if (cancelled) return 'cancelled'
  if (!onSale) return 'not_on_sale'
  if (!status) return 'available'
  if (status.available <= 0) return 'sold_out'
  if (status.capacity > 0 && status.available <= status.capacity * limitedShare) return 'limited'
  return 'available'
}

/** Spektrix's booking page for an instance: its id's leading integer is what the page takes. */
export const bookingLink = ({
  clientName,
  customDomain,
  instanceId,
}: {
  clientName: string
  customDomain?: string
  instanceId: string
}): string => {
  const n = /^\d+/.exec(instanceId)?.[0] ?? encodeURIComponent(instanceId)
  const host = customDomain?.trim() || 'system.spektrix.com'
  return `https://${host}/${encodeURIComponent(clientName)}/website/ChooseSeats.aspx?EventInstanceId=${n}&resize=true`
}

export const mapEvent = (event: SpektrixEvent): ProviderEvent => ({
  externalId: event.id,
  title: event.name,
  description: event.description,
  durationMinutes: event.duration,
  image: event.imageUrl ? { url: event.imageUrl, alt: event.altText || event.name } : null,
})

export const mapInstance = ({
  instance,
  durationMinutes,
  status,
  clientName,
  customDomain,
}: {
  instance: SpektrixInstance
  durationMinutes: number | null
  status?: SpektrixStatus
  clientName: string
  customDomain?: string
}): ProviderInstance => ({
  externalId: instance.id,
  eventExternalId: instance.eventId,
  start: instance.startUtc,
  end: durationMinutes
    ? new Date(new Date(instance.startUtc).getTime() + durationMinutes * 60_000).toISOString()
    : null,
  cancelled: instance.cancelled,
  onSale: instance.isOnSale && !instance.cancelled,
  availability: availabilityOf({
    cancelled: instance.cancelled,
    onSale: instance.isOnSale,
    status,
  }),
  ticketingUrl: bookingLink({ clientName, customDomain, instanceId: instance.id }),
  providerStatus: statusWords({ instance, status }),
})

/** Spektrix's state of an instance, in its own terms, for support to read beside `availability`. */
export const statusWords = ({
  instance,
  status,
}: {
  instance: Pick<SpektrixInstance, 'cancelled' | 'isOnSale'>
  status?: SpektrixStatus
}): string => {
  if (instance.cancelled) return 'cancelled'
  if (!instance.isOnSale) return 'isOnSale: false'
  if (!status) return 'isOnSale: true'
  return `isOnSale: true · available ${status.available} of ${status.capacity}`
}
