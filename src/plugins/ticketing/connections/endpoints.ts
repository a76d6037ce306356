import type { Endpoint, PayloadRequest } from 'payload'

import type { User } from '../../../payload-types'
import { requestSync } from '../operations/connectionOps'
import { runOut } from '../operations/partnerShape'

const answer = (status: number, message: string): Response =>
  Response.json({ errors: [{ message }] }, { status })

const signedIn = (req: PayloadRequest): User | undefined =>
  req.user?.collection === 'users' ? (req.user as User) : undefined

const flag = (body: unknown, name: string): boolean | undefined => {
  const value = (body as Record<string, unknown> | null)?.[name]
  return value === undefined ? false : typeof value === 'boolean' ? value : undefined
}

/**
 * POST /api/ticketing-connections/:id/sync: the admin's "Sync now" and "Preview changes", the
 * operation the partner route runs. Whoever may read the connection (its editors too) may
 * start a run; 409 names the run already under way.
 */
export const syncEndpoint: Endpoint = {
  path: '/:id/sync',
  method: 'post',
  handler: async (req) => {
    const user = signedIn(req)
    if (!user) return answer(401, 'Sign in first.')
    let body: unknown = {}
    try {
      body = req.json ? await req.json() : {}
    } catch {
      return answer(400, 'The body must be JSON: {"dryRun": true|false}.')
    }
    const dryRun = flag(body, 'dryRun')
    const confirmRemovals = flag(body, 'confirmRemovals')
    if (dryRun === undefined || confirmRemovals === undefined)
      return answer(400, 'dryRun and confirmRemovals are true or false.')
    const outcome = await requestSync({
      payload: req.payload,
      caller: { user },
      id: String(req.routeParams?.id ?? ''),
      dryRun,
      confirmRemovals,
      requestedBy: { type: 'user', id: String(user.id) },
    })
    if (!outcome) return answer(404, 'Not found.')
    if ('underWay' in outcome)
      return Response.json(
        {
          errors: [{ message: `A run of this connection is already ${outcome.underWay.status}.` }],
          run: runOut(outcome.underWay),
        },
        { status: 409 },
      )
    return Response.json(runOut(outcome.queued), { status: 202 })
  },
}
