import type { Payload } from 'payload'

import type { Tenant } from '../../src/payload-types'
import { fieldNamesOf, kindSpecs } from './kinds'

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
  drafts = false,
}: {
  origin: string
  tenant: string
  key?: string
  /** Reads of events and pages ask for the latest version (`draft=true`, a write key's). */
  drafts?: boolean
}) => {
  const latest = (kind: string, query = ''): string =>
    drafts && ['events', 'pages'].includes(kind)
      ? `${query}${query.includes('?') ? '&' : '?'}draft=true`
      : query
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
    list: (kind: string, query = '') => call('GET', `/${kind}${latest(kind, query)}`),
    get: (kind: string, id: string) => call('GET', `/${kind}/${id}${latest(kind)}`),
    create: (kind: string, body: unknown, headers?: Record<string, string>) =>
      call('POST', `/${kind}`, body, headers),
    update: (kind: string, id: string, body: unknown, headers?: Record<string, string>) =>
      call('PATCH', `/${kind}/${id}`, body, headers),
    remove: (kind: string, id: string) => call('DELETE', `/${kind}/${id}`),
    call,
  }
}

/**
 * A valid create body of a kind, from the sample its collection declares; references it needs
 * (an instance's `event`) are filled from `refs` where the collection has such a field.
 */
export const sampleBody = (
  kind: string,
  tag: string,
  refs: Record<string, string | undefined> = {},
): Record<string, unknown> => {
  const spec = kindSpecs.find((k) => k.path === kind)
  if (!spec) throw new Error(`no partner kind ${kind}`)
  const names = fieldNamesOf(spec.collection)
  const filled = Object.entries(refs).filter(([name, id]) => id !== undefined && names.has(name))
  return { ...spec.sample.create(tag), ...Object.fromEntries(filled) }
}

/** A valid update body per kind, from the declarations. */
export const sampleUpdate: Record<string, Record<string, unknown>> = Object.fromEntries(
  kindSpecs.map((k) => [k.path, k.sample.update]),
)
