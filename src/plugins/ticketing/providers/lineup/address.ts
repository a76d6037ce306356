import { lineupBaseUrl } from '../../defaults'
import type { Connection } from '../../types'
import { ProviderError } from '../http'

/** `{baseUrl}/{path}` with the query; Line-Up's paths end with a slash. */
export const apiUrl = ({
  connection,
  path,
  query = {},
}: {
  connection: Connection
  path: string
  query?: Record<string, string>
}): URL => {
  const base = (connection.settings.baseUrl?.trim() || lineupBaseUrl).replace(/\/+$/, '')
  const url = new URL(`${base}/${path.replace(/^\/+/, '')}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url
}

/**
 * `Authorization: Bearer <apiKey>` (the current OpenAPI; the older API took the key as a Basic
 * user) and, when the connection names a sales channel, `x-channel`. No key fails the run
 * before any call: Line-Up answers nothing without one.
 */
export const lineupHeaders = (connection: Connection): Record<string, string> => {
  const apiKey = connection.credentials.apiKey?.trim()
  if (!apiKey) throw new ProviderError('Line-Up needs an API key.')
  const channel = connection.settings.channelId?.trim()
  return { authorization: `Bearer ${apiKey}`, ...(channel ? { 'x-channel': channel } : {}) }
}
