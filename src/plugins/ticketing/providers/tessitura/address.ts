import type { Connection } from '../../types'
import { ProviderError } from '../http'

/** `{baseUrl}/TXN/{path}` with the query; `baseUrl` is the TessituraService root. */
export const apiUrl = ({
  connection,
  path,
  query = {},
}: {
  connection: Connection
  path: string
  query?: Record<string, string>
}): URL => {
  const base = (connection.settings.baseUrl ?? '').trim().replace(/\/+$/, '')
  if (!base) throw new ProviderError('Tessitura needs the address of its TessituraService.')
  const url = new URL(`${base}/TXN/${path}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url
}

export const missingCredentials =
  'Tessitura needs a user name, user group, machine location and password.'

/**
 * `Authorization: Basic base64(userName:userGroup:machineLocation:password)`; checked before
 * any call, so a half-set connection never sends a half header.
 */
export const basicHeader = (credentials: Record<string, string>): Record<string, string> => {
  const parts = ['userName', 'userGroup', 'machineLocation', 'password'].map(
    (name) => credentials[name] ?? '',
  )
  if (parts.some((part) => part.trim() === '')) throw new ProviderError(missingCredentials)
  return { authorization: `Basic ${Buffer.from(parts.join(':'), 'utf8').toString('base64')}` }
}

/** TNEW's page for a performance; null without a TNEW address. */
export const bookingLink = ({
  tnewAddress,
  productionSeasonId,
  performanceId,
}: {
  tnewAddress: string | undefined
  productionSeasonId: string
  performanceId: string
}): string | null => {
  const base = tnewAddress?.trim().replace(/\/+$/, '')
  if (!base) return null
  return `${base}/${encodeURIComponent(productionSeasonId)}/${encodeURIComponent(performanceId)}`
}
