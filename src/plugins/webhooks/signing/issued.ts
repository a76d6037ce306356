/**
 * How a newly issued secret travels from the hook that seals it to the one answer that shows it:
 * through the write's context, never stored in the clear.
 */

/** The context key that holds the secret a create or rotation issued. */
export const plaintext = 'webhookSecretPlaintext'

/** Set by the rotate operations (after their access check): this update issues a new secret. */
export const rotateContext = 'webhookRotate'

/** The secret a create or rotation issued, for the operation that asked for it. */
export const issuedSecret = (context: Record<string, unknown>): string | undefined =>
  typeof context[plaintext] === 'string' ? context[plaintext] : undefined
