import type { Endpoint, PayloadRequest } from 'payload'

import type { User } from '../../../payload-types'
import { webhookOptions } from '../options'
import { rotateWebhookSecret, sendTestMessage } from '../operations/webhookOps'

const signInFirst = (): Response =>
  Response.json({ errors: [{ message: 'Sign in first.' }] }, { status: 401 })
const notFound = (): Response =>
  Response.json({ errors: [{ message: 'Not found.' }] }, { status: 404 })

const signedIn = (req: PayloadRequest): User | undefined =>
  req.user?.collection === 'users' ? (req.user as User) : undefined

/**
 * POST /api/webhooks/:id/secret: a new signing secret, answered once (the admin's "Generate
 * secret"). Whoever may update the subscription may rotate it.
 */
export const rotateSecretEndpoint: Endpoint = {
  path: '/:id/secret',
  method: 'post',
  handler: async (req) => {
    const user = signedIn(req)
    if (!user) return signInFirst()
    const rotated = await rotateWebhookSecret({
      payload: req.payload,
      caller: { user },
      id: String(req.routeParams?.id ?? ''),
    })
    if (!rotated) return notFound()
    return Response.json({ secret: rotated.secret }, { headers: { 'cache-control': 'no-store' } })
  },
}

/** POST /api/webhooks/:id/test: sends a `webhook.test` message and answers its first attempt. */
export const sendTestEndpoint: Endpoint = {
  path: '/:id/test',
  method: 'post',
  handler: async (req) => {
    const user = signedIn(req)
    if (!user) return signInFirst()
    const outcome = await sendTestMessage({
      payload: req.payload,
      caller: { user },
      id: String(req.routeParams?.id ?? ''),
      waitMs: webhookOptions(req.payload.config).timeoutMs + 2_000,
    })
    if (!outcome) return notFound()
    if ('refused' in outcome)
      return Response.json(
        { errors: [{ message: outcome.refused.detail }] },
        { status: 429, headers: { 'retry-after': String(outcome.refused.retryAfterSeconds) } },
      )
    return Response.json(outcome.sent)
  },
}
