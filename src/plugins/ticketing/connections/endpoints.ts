import type { Endpoint, PayloadRequest } from 'payload'

import { isSuperAdmin } from '../../../access/isSuperAdmin'
import { userTenantIds } from '../../../access/tenantRoles'
import { PartnerProblem } from '../../../lib/partnerProblem'
import type { User } from '../../../payload-types'
import { requestSync } from '../operations/connectionOps'
import { runOut } from '../operations/partnerShape'
import { readSyncRequest, type SyncRequest } from '../operations/syncRequest'

const answer = (status: number, message: string): Response =>
  Response.json({ errors: [{ message }] }, { status })

/** Whether the user administers the connection's tenant (a super-admin does every tenant's). */
const administers = async ({
  req,
  user,
  id,
}: {
  req: PayloadRequest
  user: User
  id: string
}): Promise<boolean> => {
  if (isSuperAdmin(user)) return true
  const tenants = userTenantIds({ user, role: 'tenant-admin' })
  if (tenants.length === 0) return false
  const { totalDocs } = await req.payload.count({
    collection: 'ticketing-connections',
    where: { and: [{ id: { equals: id } }, { tenant: { in: tenants } }] },
    overrideAccess: true,
  })
  return totalDocs > 0
}

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
 * operation the partner route runs, its body held to the same rule. Whoever may read the
 * connection (its editors too) may start a run; only the tenant's admins may confirm one past
 * the safety valve (`confirmRemovals`). 409 names the run already under way.
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
      return answer(
        400,
        'The body must be JSON: {"kind": "sync"|"availability", "dryRun": true|false}.',
      )
    }
    let request: SyncRequest
    try {
      request = readSyncRequest(body)
    } catch (err) {
      if (err instanceof PartnerProblem) return refused(err)
      throw err
    }
    const id = String(req.routeParams?.id ?? '')
    // Past the safety valve is the tenant's admins' call: an editor may sync and preview.
    if (request.confirmRemovals && !(await administers({ req, user, id }))) {
      const readable = await req.payload.count({
        collection: 'ticketing-connections',
        where: { id: { equals: id } },
        user,
        overrideAccess: false,
      })
      if (readable.totalDocs === 0) return answer(404, 'Not found.')
      return answer(
        403,
        'Only an admin of the tenant may confirm a run that hides more performances than the connection allows.',
      )
    }
    const outcome = await requestSync({
      payload: req.payload,
      caller: { user },
      id,
      ...request,
      requestedBy: { type: 'user', id: String(user.id) },
    })
    if (!outcome) return answer(404, 'Not found.')
    if ('refused' in outcome) return answer(400, outcome.refused)
    if ('underWay' in outcome)
      return Response.json(
        {
          errors: [
            {
              message: `A ${request.kind} run of this connection is already ${outcome.underWay.status}.`,
            },
          ],
          run: runOut(outcome.underWay),
        },
        { status: 409 },
      )
    return Response.json(runOut(outcome.queued), { status: 202 })
  },
}
