import type { PayloadRequest } from 'payload'
import { fail } from '../../../lib/partnerProblem'
import { isUuid } from '../../../lib/uuid'
import { actingAs, type OperationArgs } from './types'

const valueAt = (body: object, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? Reflect.get(v, k) : undefined), body)

const setAt = (body: object, path: string, value: unknown): void => {
  const keys = path.split('.')
  const last = keys.pop() ?? ''
  const parent = keys.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? Reflect.get(v, k) : undefined),
    body,
  )
  if (parent && typeof parent === 'object') Reflect.set(parent, last, value)
}

/**
 * A reference to several collections (a redirect's `to.reference`) arrives as a bare id: each
 * candidate collection is asked, through access control, which one holds it.
 */
export const resolvePolymorphic = async ({
  payload,
  kind,
  principal,
  data,
  req,
}: OperationArgs & {
  data: object
  /** The write's transaction, when it holds one: no second connection while it waits. */
  req?: PayloadRequest
}): Promise<void> => {
  const errors: { field: string; message: string }[] = []
  for (const { path, relationTo } of kind.polymorphic) {
    const value = valueAt(data, path)
    if (value === undefined || value === null) continue
    if (!isUuid(value)) {
      errors.push({ field: path, message: 'Must be a record identifier (a UUID).' })
      continue
    }
    let found: string | undefined
    for (const collection of relationTo) {
      const { totalDocs } = await payload.count({
        collection,
        where: { id: { equals: value } },
        ...actingAs(principal, req),
      })
      if (totalDocs > 0) {
        found = collection
        break
      }
    }
    if (!found)
      errors.push({
        field: path,
        message: `No ${relationTo.join(', ')} record with this id in this tenant.`,
      })
    else setAt(data, path, { relationTo: found, value })
  }
  if (errors.length > 0)
    fail({
      status: 400,
      type: 'validation',
      detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      errors,
    })
}
