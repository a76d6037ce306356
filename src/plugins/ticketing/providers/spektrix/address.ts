import { createHmac } from 'node:crypto'

import type { Connection } from '../../types'

/** Spektrix's public API host; a connection's `baseUrl` may name another (a stand-in). */
export const spektrixOrigin = 'https://system.spektrix.com'

/** `{baseUrl}/{clientName}/api/v3/{path}` with the query. */
export const apiUrl = ({
  connection,
  path,
  query = {},
}: {
  connection: Connection
  path: string
  query?: Record<string, string>
}): URL => {
  const base = (connection.settings.baseUrl?.trim() || spektrixOrigin).replace(/\/+$/, '')
  const client = encodeURIComponent(connection.settings.clientName ?? '')
  const url = new URL(`${base}/${client}/api/v3/${path}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url
}

/**
 * Spektrix API v3 owner mode: `Authorization: SpektrixAPI3 {apiUser}:{signature}`, the
 * signature being base64 HMAC-SHA1, keyed by the base64-decoded API key, of
 * `GET\n{full URL}\n{Date}` (a GET has no body digest); `Date` is sent beside it.
 */
export const signedHeaders = ({
  url,
  apiUser,
  apiKey,
  date = new Date(),
}: {
  url: URL
  apiUser: string
  apiKey: string
  date?: Date
}): Record<string, string> => {
  const when = date.toUTCString()
  const signature = createHmac('sha1', Buffer.from(apiKey, 'base64'))
    .update(`GET\n${url.toString()}\n${when}`, 'utf8')
    .digest('base64')
  return { date: when, authorization: `SpektrixAPI3 ${apiUser}:${signature}` }
}
