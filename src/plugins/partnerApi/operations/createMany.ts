import { allOrNothing } from '../../../db/allOrNothing'
import { fail, PartnerProblem, problemAt, validationFailed } from '../../../lib/partnerProblem'
import { findsByKeyOnly } from '../../../lib/requestContext'
import { batchLimit } from '../defaults'
import { limitRate } from '../keys/rateLimit'
import { presentRecord } from '../records/present'
import { resolvePolymorphic } from './resolvePolymorphic'
import { createData, insertRecord } from './insert'
import type { WriteData } from './validate'
import { actingAs, partnerRead, type OperationArgs, type PartnerRecord } from './types'

type Field = { field: string; message: string }

/** Each body checked against the kind's create schema; every item's problems in one 400. */
const validated = async ({
  kind,
  principal,
  bodies,
}: Pick<OperationArgs, 'kind' | 'principal'> & { bodies: readonly unknown[] }): Promise<
  WriteData[]
> => {
  const problems: Field[] = []
  const data: WriteData[] = []
  for (const [index, body] of bodies.entries()) {
    try {
      if (!body || typeof body !== 'object' || Array.isArray(body))
        validationFailed([{ field: '', message: 'Must be an object.' }])
      data.push(await createData({ kind, principal, body: body as Record<string, unknown> }))
    } catch (err) {
      if (!(err instanceof PartnerProblem)) throw err
      problems.push(...(problemAt({ problem: err, path: `records.${index}` }).problem.errors ?? []))
    }
  }
  if (problems.length > 0) validationFailed(problems)
  return data
}

/** Ids the batch repeats or that exist already: one 400 or one 409 naming each, before writing. */
const checkIds = async ({
  payload,
  kind,
  data,
}: Pick<OperationArgs, 'payload' | 'kind'> & { data: readonly WriteData[] }): Promise<void> => {
  const first = new Map<string, number>()
  const repeated: Field[] = []
  for (const [index, item] of data.entries()) {
    if (item.id === undefined) continue
    const id = String(item.id).toLowerCase()
    const earlier = first.get(id)
    if (earlier === undefined) first.set(id, index)
    else repeated.push({ field: `records.${index}.id`, message: `Same as records.${earlier}.id.` })
  }
  if (repeated.length > 0) validationFailed(repeated)
  if (first.size === 0) return
  const { docs } = await payload.find({
    collection: kind.collection,
    where: { id: { in: [...first.keys()] } },
    select: {},
    limit: first.size,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  if (docs.length > 0)
    fail({
      status: 409,
      type: 'conflict',
      detail: `${String(docs.length)} of these records exist already: nothing was created.`,
      errors: docs.map((doc) => ({
        field: `records.${String(first.get(String(doc.id)))}.id`,
        message: 'Already exists.',
      })),
    })
}

/**
 * Creates many records of one kind in the principal's tenant in one transaction: every one or
 * none. Each is checked and written as `createRecord` would write it alone (schema, Markdown,
 * hooks, access), and the answer holds them as stored, in the order sent.
 */
export const createRecords = async ({
  payload,
  kind,
  principal,
  bodies,
}: OperationArgs & { bodies: readonly unknown[] }): Promise<{ records: PartnerRecord[] }> => {
  if (bodies.length === 0 || bodies.length > batchLimit)
    validationFailed([
      { field: 'records', message: `Send from 1 to ${String(batchLimit)} records.` },
    ])
  // The request was counted once on its way in; each further record counts as a request.
  await limitRate({ payload, key: principal.key, requests: bodies.length - 1 })
  const data = await validated({ kind, principal, bodies })
  await checkIds({ payload, kind, data })
  const ids = await findsByKeyOnly(() =>
    allOrNothing({
      payload,
      items: data,
      path: 'records',
      write: async ({ req, item }) => {
        await resolvePolymorphic({ payload, kind, principal, data: item, req })
        const doc = await insertRecord({ payload, kind, principal, data: item, req })
        return String(doc.id)
      },
    }),
  )
  // Read back after the commit, as a create does: hooks after the write may have completed them.
  const { docs } = await payload.find({
    ...partnerRead({ kind, version: 'latest', where: { id: { in: ids } } }),
    limit: ids.length,
    pagination: false,
    ...actingAs(principal),
  })
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]))
  const records = await Promise.all(
    ids.map((id) =>
      presentRecord({ payload, kind, tenantId: principal.tenant.id, doc: byId.get(id) ?? { id } }),
    ),
  )
  return { records }
}
