import type { PayloadRequest } from 'payload'

import { sessionOf } from './inTransaction'

/**
 * What a transaction has already announced, by its session object: the session lives exactly
 * as long as the transaction, so nothing noted here outlives it or leaks into the next one on
 * the same request.
 */
const sent = new WeakMap<object, Set<string>>()

/** Notes that the request's transaction sent `message` (a NOTIFY delivered at its commit). */
export const noteSent = async ({
  req,
  message,
}: {
  req: PayloadRequest
  message: string
}): Promise<void> => {
  const session = await sessionOf(req)
  if (!session) return
  const messages = sent.get(session) ?? new Set<string>()
  messages.add(message)
  sent.set(session, messages)
}

/**
 * Whether the request's transaction already sent `message`. Without a transaction, never:
 * each statement commits alone, so an earlier one's NOTIFY says nothing of this one.
 */
export const wasSent = async ({
  req,
  message,
}: {
  req: PayloadRequest
  message: string
}): Promise<boolean> => {
  const session = await sessionOf(req)
  return session ? (sent.get(session)?.has(message) ?? false) : false
}
