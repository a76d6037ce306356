import type { Payload } from 'payload'
import { postgresOf } from './postgres'

/** `select 1` on the app's own pool, abandoned after `timeoutMs`. */
export const checkDatabase = async ({
  payload,
  timeoutMs,
}: {
  payload: Payload
  timeoutMs: number
}): Promise<void> => {
  const pool = postgresOf(payload).pool
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
  })
  try {
    await Promise.race([pool.query('select 1'), timeout])
  } finally {
    clearTimeout(timer)
  }
}
