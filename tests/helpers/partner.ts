import type { Payload } from 'payload'

import type { Tenant } from '../../src/payload-types'
import { fieldNamesOf, kindSpecs } from './kinds'
import { appSamples, makeNeeds, sampleOf, type Samples } from './samples'

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
  // The key is shown once, on create, beside the stored fields the generated type knows.
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
 * A valid create body of a kind, from its collection's test sample; references it needs
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
  return {
    ...sampleOf({ collection: spec.collection }).data({ tag, refs }),
    ...Object.fromEntries(filled),
  }
}

/** A valid update body per kind, from the samples. */
export const sampleUpdate: Record<string, Record<string, unknown>> = Object.fromEntries(
  kindSpecs.map((k) => [k.path, sampleOf({ collection: k.collection }).update]),
)

/** A create through a partner client: JSON, or a multipart upload with `image`. */
const post = ({
  client,
  path,
  body,
  upload,
  image,
}: {
  client: ReturnType<typeof partner>
  path: string
  body: Record<string, unknown>
  upload: boolean
  image?: Buffer
}): Promise<Answer> => {
  if (!upload) return client.create(path, body)
  if (!image) throw new Error(`${path}: an upload needs an image`)
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'f.png')
  for (const [name, value] of Object.entries(body)) form.append(name, String(value))
  return client.create(path, form)
}

/**
 * Makes a sample record of a partner kind through `client` (a multipart upload for media),
 * and first the records it needs, each through the kind of the collection it names.
 * `override` changes the body of the record itself, not of the ones it needs.
 */
export const createSample = async ({
  client,
  kind,
  tag,
  image,
  kinds = kindSpecs,
  samples = appSamples,
  override = {},
}: {
  client: ReturnType<typeof partner>
  kind: string
  tag: string
  /** The bytes of a PNG, for uploads. */
  image?: Buffer
  kinds?: readonly { path: string; collection: string }[]
  samples?: Samples
  override?: Record<string, unknown>
}): Promise<Answer> => {
  const spec = kinds.find((k) => k.path === kind)
  if (!spec) throw new Error(`no partner kind ${kind}`)
  const refs = await makeNeeds({
    samples,
    collection: spec.collection,
    tag,
    make: async ({ collection, data, upload }) => {
      const path = kinds.find((k) => k.collection === collection)?.path
      if (!path) throw new Error(`no partner kind for the collection ${collection}`)
      const res = await post({ client, path, body: data, upload, image })
      if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`)
      return String(res.body.id)
    },
  })
  const sample = sampleOf({ samples, collection: spec.collection })
  return post({
    client,
    path: kind,
    body: { ...sample.data({ tag, refs }), ...override },
    upload: sample.upload === true,
    image,
  })
}
