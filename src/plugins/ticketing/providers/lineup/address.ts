import type { Connection } from '../../types'
import { ProviderError } from '../http'

/** Line-Up's transactional API; a connection's `baseUrl` may name another (a stand-in). */
// Replaced at merge by `lineupBaseUrl` of defaults.ts (H1 adds it).
export const lineupOrigin = 'https://api.line-up.tickets/api'

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
  const base = (connection.settings.baseUrl?.trim() || lineupOrigin).replace(/\/+$/, '')
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

const setting = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/**
 * A connection's `lineup` group as the module's settings, for `runner/connection.ts` (the
 * design's `cms.settingsOf`): the base URL defaults to Line-Up's own, never to another box
 * office's.
 */
export const lineupSettingsOf = (
  group: Record<string, unknown> | null | undefined,
): Record<string, string | undefined> => ({
  baseUrl: setting(group?.baseUrl) ?? lineupOrigin,
  channelId: setting(group?.channelId),
  bookingLinkTemplate: setting(group?.bookingLinkTemplate),
})
