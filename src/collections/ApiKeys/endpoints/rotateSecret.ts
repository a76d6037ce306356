import type { Endpoint } from 'payload'

import { generateKey } from '../../../partner/keyMaterial'

/**
 * POST /api/api-keys/:id/secret: a new secret for the key, answered once. The old one stops
 * working at once. Whoever may update the key (its tenants' admins) may rotate it.
 */
export const rotateSecret: Endpoint = {
  path: '/:id/secret',
  method: 'post',
  handler: async (req) => {
    const id = String(req.routeParams?.id ?? '')
    if (!req.user)
      return Response.json({ errors: [{ message: 'Sign in first.' }] }, { status: 401 })
    const existing = await req.payload
      .findByID({
        collection: 'api-keys',
        id,
        user: req.user,
        overrideAccess: false,
        depth: 0,
        req,
      })
      .catch(() => null)
    if (!existing) return Response.json({ errors: [{ message: 'Not found.' }] }, { status: 404 })
    const { key, prefix, hash } = generateKey()
    await req.payload.update({
      collection: 'api-keys',
      id,
      data: { prefix, hash, revoked: false },
      user: req.user,
      overrideAccess: false,
      req,
    })
    return Response.json({ key, prefix }, { headers: { 'cache-control': 'no-store' } })
  },
}
