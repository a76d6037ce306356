import { fail } from '../problems'
import { isUuid } from '../query'
import { actingAs, type OperationArgs } from './types'

/**
 * The stored record, through access control: a missing id and another tenant's id are one and
 * the same 404.
 */
export const findOwn = async ({
  payload,
  kind,
  principal,
  id,
}: OperationArgs & { id: string }): Promise<object> => {
  const missing = (): never =>
    fail({ status: 404, detail: `No ${kind.schema} with id "${id}" in this tenant.` })
  if (!isUuid(id)) return missing()
  const doc = await payload.findByID({
    collection: kind.collection,
    id,
    depth: 0,
    draft: kind.drafts,
    disableErrors: true,
    ...actingAs(principal),
  })
  return doc ?? missing()
}
