import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

/**
 * `work` in a transaction of the test's own, through Payload's Local API: committed when it
 * ends (or rolled back with `commit: false`), rolled back when it throws.
 */
export const inTransaction = async <T>({
  payload,
  work,
  commit = true,
}: {
  payload: Payload
  work: (req: PayloadRequest) => Promise<T>
  commit?: boolean
}): Promise<T> => {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    const result = await work(req)
    if (commit) await commitTransaction(req)
    else await killTransaction(req)
    return result
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}
