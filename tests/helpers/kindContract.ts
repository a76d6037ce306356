import { randomUUID } from 'node:crypto'

import { expect } from 'vitest'

import type { contractChecker } from './contract'
import { makeNeeds, sampleOf, type Samples } from './samples'

type Checker = ReturnType<typeof contractChecker>

export type Call = {
  method: string
  path: string
  key?: string
  json?: unknown
  form?: FormData
  raw?: { type: string; text: string }
  headers?: Record<string, string>
}

export type CallAnswer = { status: number; body: Record<string, unknown>; etag: string | null }

/**
 * A partner request under `base` (origin and partner base path) whose answer is checked against
 * the served document: what does not match is pushed onto `problems`.
 */
export const checkedCall =
  ({
    base,
    checker,
    problems,
  }: {
    base: () => string
    checker: () => Checker
    problems: string[]
  }) =>
  async ({ method, path, key, json, form, raw, headers = {} }: Call): Promise<CallAnswer> => {
    const url = `${base()}${path}`
    const res = await fetch(url, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(raw ? { 'content-type': raw.type } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : (form ?? raw?.text),
    })
    const text = await res.text()
    problems.push(
      ...checker().check({
        method,
        url,
        status: res.status,
        headers: res.headers,
        text,
        requestJson: json,
      }),
    )
    let body: Record<string, unknown> = {}
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      body = { raw: text }
    }
    return { status: res.status, body, etag: res.headers.get('etag') }
  }

/** A whole body just over the 1 MiB JSON limit. */
const hugeJson = { title: 'x'.repeat(1_100_000) }

export type KindContractContext = {
  call: (request: Call) => Promise<CallAnswer>
  /** The kind's tenant's slug: records are made under `/{tenant}/{kind}`. */
  tenant: string
  keys: { write: string; read: string; other: string; limited: string }
  checker: Checker
  problems: string[]
  /** The kinds of the configuration, to make the records a sample needs through theirs. */
  kinds: readonly { path: string; collection: string }[]
  samples?: Samples
  /** The field a body can repeat to break the collection's uniqueness rule, if it has one. */
  uniqueField: (collection: string) => string | undefined
  /** The operation ids the route table declares for the kind. */
  operationIds: (kind: string) => string[]
  /** Uploads only: a multipart body with an image, and a fetchable image's URL. */
  upload?: {
    form: (fields: Record<string, string>, bytes?: Buffer) => FormData
    tooLarge: () => FormData
    remoteSrc: string
  }
}

/**
 * Every operation of one kind against the served OpenAPI 3.1 document: each is called for its
 * success and for each error it documents, and every answer (status, headers, body) is checked
 * against the document. A 503 needs the database away and is left to whoever can stop it.
 */
export const checkKindContract = async (
  ctx: KindContractContext,
  spec: { path: string; collection: string; upload: boolean },
): Promise<void> => {
  const { call, keys, checker, problems } = ctx
  const kind = spec.path
  const base = `/${ctx.tenant}/${kind}`
  problems.length = 0
  // The records the sample needs, made once; the document marks `id` required in a create
  // body, so a client following it sends one.
  const refs = await makeNeeds({
    samples: ctx.samples,
    collection: spec.collection,
    tag: `contract ${kind}`,
    make: async ({ collection, data }) => {
      const path = ctx.kinds.find((k) => k.collection === collection)?.path
      const made = await call({
        method: 'POST',
        path: `/${ctx.tenant}/${path}`,
        key: keys.write,
        json: { id: randomUUID(), ...data },
      })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      return String(made.body.id)
    },
  })
  const sample = sampleOf({ samples: ctx.samples, collection: spec.collection })
  const body = (tag: string) => sample.data({ tag, refs })
  const update = sample.update
  const upload = ctx.upload
  const create = (tag: string, id = randomUUID(), key = keys.write) =>
    spec.upload && upload
      ? call({ method: 'POST', path: base, key, form: upload.form({ id, alt: tag }) })
      : call({ method: 'POST', path: base, key, json: { ...body(tag), id } })
  const limited = async (request: Omit<Call, 'key'>) => {
    // The limited key allows one request a minute; a new minute may let one more through.
    const first = await call({ ...request, key: keys.limited })
    return first.status === 429 ? first : call({ ...request, key: keys.limited })
  }

  // create: 201, then the same id again 409, bad input 400, wrong type 415, too large 413
  const id = randomUUID()
  const created = await create(`${kind}-one`, id)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect(created.body.id).toBe(id)
  expect((await create(`${kind}-again`, id)).status).toBe(409)
  if (spec.upload && upload) {
    // The other way to make media: JSON naming a URL to fetch, as the create schema says.
    const fetched = await call({
      method: 'POST',
      path: base,
      key: keys.write,
      json: { id: randomUUID(), src: upload.remoteSrc, alt: 'Fetched' },
    })
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(201)
  }
  expect(
    (await call({ method: 'POST', path: base, key: keys.write, json: { nope: true } })).status,
  ).toBe(400)
  const statusOf = async (request: Omit<Call, 'key'>, key = keys.write) =>
    (await call({ ...request, key })).status
  /** A body that is not JSON is a 415 before anything is read. */
  const notJson = (path: string) => ({
    method: 'POST',
    path,
    raw: { type: 'text/plain', text: 'x' },
  })
  expect(await statusOf(notJson(base))).toBe(415)
  const tooLarge =
    spec.upload && upload
      ? await call({ method: 'POST', path: base, key: keys.write, form: upload.tooLarge() })
      : await call({ method: 'POST', path: base, key: keys.write, json: hugeJson })
  expect(tooLarge.status).toBe(413)

  // batch create, where the kind offers it: 201 in order, 400, 409 naming the record, 413, 415.
  const batchPath = `${base}/batch`
  const batched = Boolean(
    (checker.document as unknown as { paths: Record<string, unknown> }).paths[
      `/{tenant}/${kind}/batch`
    ],
  )
  const batchBody = () => ({
    records: [0, 1].map((n) => ({ ...body(`${kind}-batch-${n}`), id: randomUUID() })),
  })
  if (batched) {
    const sent = batchBody()
    const many = await call({ method: 'POST', path: batchPath, key: keys.write, json: sent })
    expect(many.status, JSON.stringify(many.body)).toBe(201)
    expect((many.body.records as { id: string }[]).map((r) => r.id)).toEqual(
      sent.records.map((r) => r.id),
    )
    const again = {
      records: [{ ...body(`${kind}-batch-again`), id: randomUUID() }, sent.records[0]],
    }
    const clash = await call({ method: 'POST', path: batchPath, key: keys.write, json: again })
    expect(clash.status).toBe(409)
    expect(clash.body.errors).toEqual([{ field: 'records.1.id', message: 'Already exists.' }])
    for (const json of [{ records: [] }, { records: [{ nope: true }] }, {}])
      expect(await statusOf({ method: 'POST', path: batchPath, json })).toBe(400)
    expect(await statusOf({ method: 'POST', path: batchPath, json: hugeJson })).toBe(413)
    expect(await statusOf(notJson(batchPath))).toBe(415)
    expect(await statusOf({ method: 'POST', path: batchPath, json: batchBody() }, keys.read)).toBe(
      403,
    )
  }

  // list: 200, bad limit 400
  const listed = await call({
    method: 'GET',
    path: `${base}?limit=5&sort=-createdAt`,
    key: keys.read,
  })
  expect(listed.status).toBe(200)
  expect((listed.body.docs as { id: string }[]).map((d) => d.id)).toContain(id)
  expect((await call({ method: 'GET', path: `${base}?limit=0`, key: keys.read })).status).toBe(400)

  // expand and select: expanded and selected answers within the document; bad names 400.
  // The document the answers are checked against: the one the app under test serves.
  const served = checker.document as unknown as {
    paths: Record<string, { get?: { parameters?: { name?: string; schema?: unknown }[] } }>
  }
  const expandParam = served.paths[`/{tenant}/${kind}`]?.get?.parameters?.find(
    (p) => p.name === 'expand',
  )
  const expandable = (
    (expandParam?.schema as { items?: { enum?: string[] } } | undefined)?.items?.enum ?? []
  ).slice(0, 10)
  const shaped = expandable.length > 0 ? `&expand=${expandable.join(',')}` : ''
  for (const path of [`${base}?limit=5${shaped}`, `${base}/${id}?select=id${shaped}`]) {
    const answer = await call({ method: 'GET', path, key: keys.read })
    expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200)
  }
  const selected = await call({ method: 'GET', path: `${base}?select=id${shaped}`, key: keys.read })
  expect(Object.keys((selected.body.docs as object[])[0] ?? {})).toEqual(['id'])
  for (const query of ['expand=nope', 'select=nope'])
    for (const path of [`${base}?${query}`, `${base}/${id}?${query}`])
      expect((await call({ method: 'GET', path, key: keys.read })).status, path).toBe(400)

  // retrieve: 200, a parameter it does not take 400, unknown id 404
  expect((await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })).status).toBe(200)
  expect((await call({ method: 'GET', path: `${base}/${id}?nope=1`, key: keys.read })).status).toBe(
    400,
  )
  expect(
    (await call({ method: 'GET', path: `${base}/${randomUUID()}`, key: keys.read })).status,
  ).toBe(404)

  // Conditional reads: an answer's tag gives 304 while nothing it shows has changed.
  const read = await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })
  expect(read.etag).toMatch(/^"[\w-]+"$/)
  const ifNoneMatch = (path: string, tag: string | null) =>
    call({ method: 'GET', path, key: keys.read, headers: { 'if-none-match': tag ?? '' } })
  expect((await ifNoneMatch(`${base}/${id}`, read.etag)).status).toBe(304)
  const listPath = `${base}?limit=5&sort=-createdAt`
  const listTag = (await call({ method: 'GET', path: listPath, key: keys.read })).etag
  expect(listTag).toBe(listed.etag)
  expect((await ifNoneMatch(listPath, listTag)).status).toBe(304)

  // Conditional writes: a stale If-Match is 412 and changes nothing; the current one works.
  const stale = await call({
    method: 'PATCH',
    path: `${base}/${id}`,
    key: keys.write,
    json: { id, ...update },
    headers: { 'if-match': '"stale"' },
  })
  expect(stale.status, JSON.stringify(stale.body)).toBe(412)
  expect(stale.etag).toBe(read.etag)
  const unchanged = await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })
  expect(unchanged.etag).toBe(read.etag)
  expect(
    (
      await call({
        method: 'DELETE',
        path: `${base}/${id}`,
        key: keys.write,
        headers: { 'if-match': '"stale"' },
      })
    ).status,
  ).toBe(412)
  const matched = await call({
    method: 'PATCH',
    path: `${base}/${id}`,
    key: keys.write,
    json: { id, ...update },
    headers: { 'if-match': read.etag ?? '' },
  })
  expect(matched.status, JSON.stringify(matched.body)).toBe(200)
  // The answer's tag is the one a read of the changed record gives; the old one reads 200.
  const after = await ifNoneMatch(`${base}/${id}`, read.etag)
  expect(after.status).toBe(200)
  expect(after.etag).toBe(matched.etag)

  // update: 200, bad input 400, unknown id 404, 415, 413, and 409 where a field is unique
  const updated = await call({
    method: 'PATCH',
    path: `${base}/${id}`,
    key: keys.write,
    json: { id, ...update },
  })
  expect(updated.status, JSON.stringify(updated.body)).toBe(200)
  // A record sent back as it was answered: server-set fields are documented and ignored.
  const echoed = await call({
    method: 'PATCH',
    path: `${base}/${id}`,
    key: keys.write,
    json: updated.body,
  })
  expect(echoed.status, JSON.stringify(echoed.body)).toBe(200)
  expect(
    (await call({ method: 'PATCH', path: `${base}/${id}`, key: keys.write, json: { nope: 1 } }))
      .status,
  ).toBe(400)
  expect(
    (
      await call({
        method: 'PATCH',
        path: `${base}/${randomUUID()}`,
        key: keys.write,
        json: update,
      })
    ).status,
  ).toBe(404)
  expect(
    (
      await call({
        method: 'PATCH',
        path: `${base}/${id}`,
        key: keys.write,
        raw: { type: 'text/plain', text: 'x' },
      })
    ).status,
  ).toBe(415)
  expect(
    (await call({ method: 'PATCH', path: `${base}/${id}`, key: keys.write, json: hugeJson }))
      .status,
  ).toBe(413)
  const second = await create(`${kind}-two`)
  expect(second.status).toBe(201)
  const unique = ctx.uniqueField(spec.collection)
  if (unique) {
    const clash = await call({
      method: 'PATCH',
      path: `${base}/${String(second.body.id)}`,
      key: keys.write,
      json: {
        [unique]: created.body[unique],
        ...(unique === 'slug' ? { slugLock: false } : {}),
      },
    })
    expect(clash.status, JSON.stringify(clash.body)).toBe(409)
  }

  // delete: 204, then 404
  const remove = { method: 'DELETE', path: `${base}/${String(second.body.id)}`, key: keys.write }
  expect((await call(remove)).status).toBe(204)
  expect((await call(remove)).status).toBe(404)

  // Every operation: no key 401, another tenant's key 403, over the key's limit 429.
  // Bodies follow the document: at a minute's turn the limited key may get one through.
  const requests: Omit<Call, 'key'>[] = [
    { method: 'GET', path: base },
    { method: 'POST', path: base, json: { ...body(`${kind}-denied`), id: randomUUID() } },
    { method: 'GET', path: `${base}/${id}` },
    { method: 'PATCH', path: `${base}/${id}`, json: { id, ...update } },
    // Another id: a delete let through must not take the record checked below.
    { method: 'DELETE', path: `${base}/${randomUUID()}` },
    ...(batched ? [{ method: 'POST', path: batchPath, json: batchBody() }] : []),
  ]
  for (const request of requests) {
    expect((await call(request)).status).toBe(401)
    expect((await call({ ...request, key: keys.other })).status).toBe(403)
    expect((await limited(request)).status).toBe(429)
  }
  expect((await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })).status).toBe(200)

  expect(problems, JSON.stringify(problems)).toEqual([])
  // Each of the kind's operations was seen answering every status it documents, except a 503.
  const documented = checker.documented()
  for (const operationId of ctx.operationIds(kind)) {
    expect(documented.has(operationId), operationId).toBe(true)
    const seen = checker.seen().get(operationId) ?? new Set()
    const missing = (documented.get(operationId) ?? []).filter(
      (status) => status !== 503 && !seen.has(status),
    )
    expect(missing, operationId).toEqual([])
  }
}
