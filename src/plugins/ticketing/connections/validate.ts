import type { NumberFieldSingleValidation, TextFieldSingleValidation } from 'payload'

import { isLocalhostName, isTrustedHost, outboundRefusal, unreachable } from '../../../lib/outbound'
import { minSyncEveryMinutes } from '../defaults'
import { ticketingOptions } from '../options'

/** Spektrix client names are lowercase letters and digits (the path segment of every call). */
const clientNamePattern = /^[a-z0-9]{1,100}$/

/** A host name, or `host:port`: the custom domain booking pages (and calls) are served under. */
const hostPattern =
  /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i

const isSpektrix = (data: unknown): boolean =>
  (data as { provider?: unknown } | undefined)?.provider === 'spektrix'

/**
 * Where the server may call: the webhook rule (`src/lib/outbound.ts`): http(s), no
 * credentials in the URL, no private or loopback address unless the installation names the
 * host in `TICKETING_ALLOWED_HOSTS`; https in production unless so named. `localhost` and its
 * subdomains are loopback (the name rule `guardedLookup` resolves them by) and are refused as
 * `127.0.0.1` is: a setting is typed by a person, and a name that can only be loopback is a
 * mistake or a probe (webhooks take it and fail at delivery, saying no more).
 */
const targetRefusal = ({ url, allowedHosts }: { url: URL; allowedHosts: readonly string[] }) => {
  if (
    url.protocol === 'http:' &&
    process.env.NODE_ENV === 'production' &&
    !allowedHosts.includes(url.host)
  )
    return 'must use https'
  if (isLocalhostName(url.hostname) && !isTrustedHost({ url, allowedHosts })) return unreachable
  return outboundRefusal({ url, allowedHosts })
}

export const validateClientName: TextFieldSingleValidation = (value, { data }) => {
  if (!isSpektrix(data)) return true
  if (typeof value !== 'string' || !value) return 'The Spektrix client name is required.'
  return clientNamePattern.test(value)
    ? true
    : 'A Spektrix client name is lowercase letters and digits only.'
}

export const validateCustomDomain: TextFieldSingleValidation = (value, { req }) => {
  if (value === null || value === undefined || value === '') return true
  if (typeof value !== 'string' || !hostPattern.test(value))
    return 'A host name such as tickets.example.org (no scheme, no path).'
  const refusal = targetRefusal({
    url: new URL(`https://${value}`),
    allowedHosts: ticketingOptions(req.payload.config).allowedHosts,
  })
  return refusal ? `The custom domain ${refusal}.` : true
}

export const validateBaseUrl: TextFieldSingleValidation = (value, { req }) => {
  if (value === null || value === undefined || value === '') return true
  if (typeof value !== 'string' || value.length > 2000)
    return 'An absolute URL (2,000 characters at most).'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Not a valid URL.'
  }
  if (url.search || url.hash) return 'The base URL takes no query or fragment.'
  const refusal = targetRefusal({
    url,
    allowedHosts: ticketingOptions(req.payload.config).allowedHosts,
  })
  return refusal ? `The base URL ${refusal}.` : true
}

export const validateSchedule: NumberFieldSingleValidation = (value) => {
  if (value === null || value === undefined || value === 0) return true
  return Number.isInteger(value) && value >= minSyncEveryMinutes && value <= 10_080
    ? true
    : `0 (off), or whole minutes from ${minSyncEveryMinutes} to 10,080 (a week).`
}

export const validateWholeBetween =
  ({ min, max }: { min: number; max: number }): NumberFieldSingleValidation =>
  (value) =>
    value === null ||
    value === undefined ||
    (Number.isInteger(value) && value >= min && value <= max)
      ? true
      : `A whole number from ${min} to ${max}.`
