import { APIError } from 'payload'

/**
 * The file store could not be reached or did not answer within its deadline. Payload's REST
 * answers an APIError with its status, and the partner API turns a 503 into problem+json with
 * `Retry-After`; the write it interrupted rolls back.
 */
export class StorageUnavailable extends APIError {
  /**
   * What the SDK threw, for the log. Not `cause`: the outage checks walk causes, and a socket
   * refused by the store must not read as the database being away.
   */
  readonly reason: unknown
  constructor(reason?: unknown) {
    super('The file store is not available right now; try again shortly.', 503, undefined, true)
    this.reason = reason
  }
}

/** Settles as `work` does, or rejects with StorageUnavailable after `ms`, whichever is first. */
export const withinDeadline = async <T>({
  work,
  ms,
}: {
  work: Promise<T>
  ms: number
}): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageUnavailable(new Error(`no answer in ${ms} ms`))), ms)
  })
  try {
    return await Promise.race([work, deadline])
  } catch (err) {
    throw err instanceof APIError ? err : new StorageUnavailable(err)
  } finally {
    clearTimeout(timer)
  }
}
