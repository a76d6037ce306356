import { findOwn } from './findOwn'
import { actingAs, type OperationArgs } from './types'

export const deleteRecord = async ({
  payload,
  kind,
  principal,
  id,
}: OperationArgs & { id: string }): Promise<void> => {
  await findOwn({ payload, kind, principal, id })
  await payload.delete({ collection: kind.collection, id, ...actingAs(principal) })
}
