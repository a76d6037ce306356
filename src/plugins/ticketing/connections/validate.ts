import type {
  NumberFieldSingleValidation,
  SelectFieldSingleValidation,
  TextFieldSingleValidation,
} from 'payload'

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

const providerOf = (data: unknown): unknown =>
  (data as { provider?: unknown } | undefined)?.provider

const blank = (value: unknown): boolean => value === null || value === undefined || value === ''

/**
 * A link booking pages are built from, never called by the server: https, or http only for a
 * host the installation names in `TICKETING_ALLOWED_HOSTS` (a stand-in in tests), with no
 * credentials in it.
 */
const linkRefusal = ({
  value,
  allowedHosts,
}: {
  value: string
  allowedHosts: readonly string[]
}): string | undefined => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'is not a valid URL'
  }
  if (url.username || url.password) return 'takes no user name or password'
  if (url.protocol === 'https:') return undefined
  if (url.protocol === 'http:' && allowedHosts.includes(url.host)) return undefined
  return 'must be an https address'
}

/** A required setting of one provider (checked only when the connection is that provider's). */
const requiredFor =
  ({ provider, what }: { provider: string; what: string }): TextFieldSingleValidation =>
  (value, { data }) =>
    providerOf(data) === provider && blank(value) ? `${what} is required.` : true

export const validateTessituraBaseUrl: TextFieldSingleValidation = (value, options) => {
  const required = requiredFor({ provider: 'tessitura', what: 'The TessituraService URL' })(
    value,
    options,
  )
  return required === true ? validateBaseUrl(value, options) : required
}

/** An https link (http for an allowed host) named `what`, optional or required for `provider`. */
export const validateLinkSetting =
  ({
    what,
    requiredFor: provider,
  }: {
    what: string
    requiredFor?: string
  }): TextFieldSingleValidation =>
  (value, { data, req }) => {
    if (blank(value))
      return provider && providerOf(data) === provider ? `${what} is required.` : true
    if (typeof value !== 'string' || value.length > 2000)
      return `${what}: 2,000 characters at most.`
    const refusal = linkRefusal({
      value,
      allowedHosts: ticketingOptions(req.payload.config).allowedHosts,
    })
    return refusal ? `${what} ${refusal}.` : true
  }

export const validateChannelId: TextFieldSingleValidation = (value) =>
  blank(value) || (typeof value === 'string' && /^\d{1,20}$/.test(value))
    ? true
    : 'A Line-Up channel id is digits only.'

/**
 * A booking link template: only the named placeholders, and an https URL (http for an allowed
 * host) once they are filled. Filled here with sample values: digits for ids, a word for a
 * name, and the connection's shop address (or a sample one) for `{shop}`.
 */
export const validateLinkTemplate =
  ({
    what,
    placeholders,
  }: {
    what: string
    placeholders: Record<string, (data: unknown) => string>
  }): TextFieldSingleValidation =>
  (value, { data, req }) => {
    if (blank(value)) return true
    if (typeof value !== 'string' || value.length > 2000)
      return `${what}: 2,000 characters at most.`
    const unknown = [...value.matchAll(/\{([^{}]*)\}/g)]
      .map((match) => match[1] ?? '')
      .filter((name) => !(name in placeholders))
    if (unknown.length > 0)
      return `${what} takes only ${Object.keys(placeholders)
        .map((name) => `{${name}}`)
        .join(', ')}; not {${unknown.join('}, {')}}.`
    const filled = value.replace(/\{([^{}]*)\}/g, (_whole, name: string) =>
      (placeholders[name] ?? (() => ''))(data),
    )
    if (/[{}]/.test(filled)) return `${what} has an unclosed placeholder.`
    const refusal = linkRefusal({
      value: filled,
      allowedHosts: ticketingOptions(req.payload.config).allowedHosts,
    })
    return refusal ? `${what}, once filled, ${refusal}.` : true
  }

const digits = () => '12345'

const shopOf = (data: unknown): string => {
  const shop = (data as { elevent?: { shopAddress?: unknown } } | undefined)?.elevent?.shopAddress
  return typeof shop === 'string' && shop !== ''
    ? shop.replace(/\/+$/, '')
    : 'https://shop.example.org'
}

export const lineupTemplatePlaceholders = { eventId: digits, performanceId: digits }

export const eleventTemplatePlaceholders = {
  shop: shopOf,
  eventId: digits,
  eventUrlName: () => 'event-name',
  showTimeId: digits,
}

/**
 * The provider is chosen once: links, runs, hashes and field ownership all hang on it, so a
 * connection for another box office is a new connection.
 */
export const validateProviderFixed: SelectFieldSingleValidation = (
  value,
  { operation, previousValue },
) =>
  operation === 'update' &&
  previousValue !== undefined &&
  previousValue !== null &&
  value !== previousValue
    ? 'The provider cannot change once the connection exists; make a new connection instead.'
    : true
