import type { Endpoint } from 'payload'
import { Forbidden, NotFound } from 'payload'

import { issuedSecret, rotateSecretContext } from '../hooks/issueKey'

/**
 * POST /api/api-keys/:id/secret: a new secret for the key, answered once. The old one stops
 * working at once. Whoever may update the key (the admins of all its tenants) may rotate it.
 */
export const rotateSecret: Endpoint = {
  path: '/:id/secret',
  method: 'post',
  handler: async (req) => {
    const id = String(req.routeParams?.id ?? '')
    if (!req.user)
      return Response.json({ errors: [{ message: 'Sign in first.' }] }, { status: 401 })
    req.context[rotateSecretContext] = true
    const updated = await req.payload
      .update({
        collection: 'api-keys',
        id,
        data: { revoked: false },
        user: req.user,
        overrideAccess: false,
        depth: 0,
        req,
      })
      .catch((err: unknown) => {
        // Someone else's key reads exactly like a missing one.
        if (err instanceof NotFound || err instanceof Forbidden) return null
        throw err
      })
    const key = issuedSecret(req.context)
    if (!updated || !key)
      return Response.json({ errors: [{ message: 'Not found.' }] }, { status: 404 })
    return Response.json(
      { key, prefix: updated.prefix },
      { headers: { 'cache-control': 'no-store' } },
    )
  },
}
