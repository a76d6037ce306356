import type { Endpoint, PayloadRequest } from 'payload'

import { PartnerProblem } from '../../../lib/partnerProblem'
import type { User } from '../../../payload-types'
import { requestSync } from '../operations/connectionOps'
import { runOut } from '../operations/partnerShape'
import { readSyncRequest, type SyncRequest } from '../operations/syncRequest'

const answer = (status: number, message: string): Response =>
  Response.json({ errors: [{ message }] }, { status })

const signedIn = (req: PayloadRequest): User | undefined =>
  req.user?.collection === 'users' ? (req.user as User) : undefined

/** A body the sync request rule refuses: 400 naming each field, as the partner route does. */
const refused = (err: PartnerProblem): Response =>
  Response.json(
    {
      errors: (err.problem.errors ?? [{ field: '', message: err.message }]).map(
        ({ field, message }) => ({ field, message: `${field || '(body)'}: ${message}` }),
      ),
    },
    { status: 400 },
  )

/**
 * POST /api/ticketing-connections/:id/sync: the admin's "Sync now" and "Preview changes", the
 * operation the partner route runs, its body held to the same rule. Whoever may read the connection (its editors too) may
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
    let request: SyncRequest
    try {
      request = readSyncRequest(body)
    } catch (err) {
      if (err instanceof PartnerProblem) return refused(err)
      throw err
    }
    const outcome = await requestSync({
      payload: req.payload,
      caller: { user },
      id: String(req.routeParams?.id ?? ''),
      ...request,
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
