import type { Payload, PayloadRequest } from 'payload'

/**
 * Stand-ins for unit specs of code that reads a few parts of Payload: the one place a partial
 * object is passed off as the whole, so each spec states only the parts its code reads.
 */

/** A Payload of `parts` only: a real one needs a database and a built configuration. */
export const standInPayload = (parts: object): Payload =>
  // Escape cast: the code under test reads only `parts`; the rest of Payload is never touched.
  parts as unknown as Payload

/** A request of `parts` only: a real one needs a running Payload. */
export const standInRequest = (parts: object): PayloadRequest =>
  // Escape cast: the access functions under test read only `parts` (the user).
  parts as unknown as PayloadRequest
