import type { Payload } from 'payload'

import type { Tenant } from '../../src/payload-types'

export const partnerBase = '/api/partners/2025-07'

export const createKey = async ({
  payload,
  tenants,
  scope,
  rateLimit,
}: {
  payload: Payload
  tenants: Tenant[]
  scope: 'read' | 'write'
  rateLimit?: number
}): Promise<string> => {
  const doc = await payload.create({
    collection: 'api-keys',
    data: { name: `test ${scope} key`, tenants: tenants.map((t) => t.id), scope, rateLimit },
  })
  return (doc as unknown as { key: string }).key
}

export type Answer = {
  status: number
  headers: Headers
  body: Record<string, unknown> & { docs?: Record<string, unknown>[] }
}

/** A partner's HTTP client for one tenant and key. */
export const partner = ({
  origin,
  tenant,
  key,
}: {
  origin: string
  tenant: string
  key?: string
}) => {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(`${origin}${partnerBase}/${tenant}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined && typeof body !== 'string' && !(body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || body instanceof FormData
            ? body
            : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: Record<string, unknown> = {}
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      parsed = { raw: text }
    }
    return { status: res.status, headers: res.headers, body: parsed }
  }
  return {
    list: (kind: string, query = '') => call('GET', `/${kind}${query}`),
    get: (kind: string, id: string) => call('GET', `/${kind}/${id}`),
    create: (kind: string, body: unknown, headers?: Record<string, string>) =>
      call('POST', `/${kind}`, body, headers),
    update: (kind: string, id: string, body: unknown, headers?: Record<string, string>) =>
      call('PATCH', `/${kind}/${id}`, body, headers),
    remove: (kind: string, id: string) => call('DELETE', `/${kind}/${id}`),
    call,
  }
}

/** A valid create body per kind (refs filled in by the caller where a kind needs them). */
export const sampleBody = (
  kind: string,
  tag: string,
  refs: { event?: string } = {},
): Record<string, unknown> => {
  switch (kind) {
    case 'event-instances':
      return {
        event: refs.event,
        startDate: '2027-03-01T19:30:00.000Z',
        ticketingSystem: 'spektrix',
      }
    case 'redirects':
      return { from: `/old/${tag}`, to: { type: 'custom', url: `https://example.org/${tag}` } }
    case 'custom-attributes':
      return { name: `Attribute ${tag}`, key: `attr-${tag}`, valueType: 'text' }
    default:
      return { title: `Record ${tag}` }
  }
}

export const sampleUpdate: Record<string, Record<string, unknown>> = {
  events: { hideStartTime: true },
  'event-instances': { hidden: true },
  media: { caption: 'Updated caption' },
  files: { caption: 'Updated caption' },
  organizations: { themeTemplate: 'updated' },
  redirects: { to: { type: 'custom', url: 'https://example.org/updated' } },
  works: { themeTemplate: 'updated' },
  venues: { themeTemplate: 'updated' },
  blogs: { themeTemplate: 'updated' },
  'custom-attributes': { description: 'Updated' },
  pages: { showInSearch: false },
  seasons: { themeTemplate: 'updated' },
  people: { themeTemplate: 'updated' },
  series: { themeTemplate: 'updated' },
}
