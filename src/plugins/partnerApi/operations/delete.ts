import { ifStillMatching } from './ifMatch'
import { actingAs, type OperationArgs } from './types'

export const deleteRecord = async ({
  ifMatch = null,
  ...args
}: OperationArgs & { id: string; ifMatch?: string | null }): Promise<void> => {
  const { payload, kind, principal, id } = args
  await ifStillMatching({
    ...args,
    ifMatch,
    write: ({ req }) =>
      payload.delete({ collection: kind.collection, id, ...actingAs(principal, req) }),
  })
}
