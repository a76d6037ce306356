import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type RequestContext,
} from 'payload'

/** The write of one item of a batch failed: the batch was rolled back, and this is why. */
export class ItemFailed extends Error {
  override readonly name = 'ItemFailed'
  /** Where the item sits in the request (`records.3`), for the answer's field names. */
  readonly path: string
  constructor({ path, cause }: { path: string; cause: unknown }) {
    super(`${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.path = path
  }
}

/**
 * Writes every item in one transaction, or none: the first item that fails rolls back those
 * before it, and the error says which one (`ItemFailed`). Hooks run inside the same transaction,
 * so the change log, webhook queue and cache notes of the batch commit or vanish with it.
 */
export const allOrNothing = async <Item, Result>({
  payload,
  items,
  path,
  write,
  context,
}: {
  payload: Payload
  items: readonly Item[]
  /** The items' place in the request body, for the failed item's path: `records`. */
  path: string
  write: (args: { req: PayloadRequest; item: Item }) => Promise<Result>
  /** The transaction's request context, which its hooks read. */
  context?: RequestContext
}): Promise<Result[]> => {
  const req = await createLocalReq(context ? { context } : {}, payload)
  await initTransaction(req)
  const results: Result[] = []
  try {
    for (const [index, item] of items.entries()) {
      try {
        results.push(await write({ req, item }))
      } catch (cause) {
        throw new ItemFailed({ path: `${path}.${index}`, cause })
      }
    }
    await commitTransaction(req)
    return results
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}
