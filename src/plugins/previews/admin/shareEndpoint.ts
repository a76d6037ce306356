import type { Endpoint, PayloadRequest } from 'payload'

import { PartnerProblem } from '../../../lib/partnerProblem'
import type { User } from '../../../payload-types'
import { actorOf, makerOf } from '../../partnerShape'
import { previewCollections, type PreviewCollection } from '../defaults'
import { createPreviewLink } from '../links/create'
import { readLifetime } from '../links/lifetime'
import { previewOptions } from '../options'

const answer = (status: number, message: string): Response =>
  Response.json({ errors: [{ message }] }, { status })

const signedIn = (req: PayloadRequest): User | undefined =>
  req.user?.collection === 'users' ? (req.user as User) : undefined

/**
 * POST /api/preview-links/share `{ collection, id, expiresInHours? }`: the admin's "Share
 * preview link" for the document being edited, under the editor's session. The record must be
 * one the user may read (Payload's access: their tenants' records, drafts included), else 404
 * as for a missing one; the lifetime obeys the rule the partner route does.
 */
export const shareEndpoint: Endpoint = {
  path: '/share',
  method: 'post',
  handler: async (req) => {
    const user = signedIn(req)
    if (!user) return answer(401, 'Sign in first.')
    let body: Record<string, unknown>
    try {
      const parsed: unknown = req.json ? await req.json() : {}
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error()
      body = parsed as Record<string, unknown>
    } catch {
      return answer(400, 'The body must be JSON: {"collection": "events"|"pages", "id": "…"}.')
    }
    const { collection, id, ...lifetime } = body
    if (!previewCollections.includes(collection as PreviewCollection))
      return answer(400, `collection: one of ${previewCollections.join(', ')}.`)
    if (typeof id !== 'string') return answer(400, 'id: the record’s id.')
    let hours: number
    try {
      hours = readLifetime({ body: lifetime, options: previewOptions(req.payload.config) })
    } catch (err) {
      if (err instanceof PartnerProblem) return answer(400, err.message)
      throw err
    }
    const made = await createPreviewLink({
      payload: req.payload,
      user,
      maker: makerOf(actorOf({ user })),
      collection: collection as PreviewCollection,
      id,
      hours,
    })
    return made ? Response.json(made, { status: 201 }) : answer(404, 'No such record of yours.')
  },
}
