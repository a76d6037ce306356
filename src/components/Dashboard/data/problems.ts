import { relationId, type RelationValue } from '../../../lib/relationId'
import type { PanelRead } from './scope'

export type Problem = {
  id: string
  /** Where the admin shows it: the collection of the delivery or the run. */
  collection: 'webhook-deliveries' | 'ticketing-sync-runs'
  what: string
  detail: string
  at: string
  tenant: string
}

/**
 * What went wrong lately and needs someone: webhook messages that failed for good, and box
 * office syncs that failed. Both collections are read as the user may (tenant admins see their
 * tenants'; an editor sees none and the panel says so).
 */
export const recentProblems = async ({
  payload,
  user,
  scope,
  limit = 10,
}: PanelRead): Promise<Problem[]> => {
  if (scope.tenants.length === 0) return []
  const tenant = { in: scope.tenants.map((t) => t.id) }
  // A role that may not read a collection at all (an editor, deliveries) sees none of it. By
  // status, not class: the admin's bundle holds its own copy of Payload's error classes.
  const orNone = <T>(read: Promise<{ docs: T[] }>) =>
    read.catch((err: unknown) => {
      if ((err as { status?: unknown } | null)?.status === 403) return { docs: [] as T[] }
      throw err
    })
  const [deliveries, runs] = await Promise.all([
    orNone(
      payload.find({
        collection: 'webhook-deliveries',
        user,
        overrideAccess: false,
        where: { state: { equals: 'failed' }, tenant },
        sort: '-updatedAt',
        limit,
        depth: 1,
        populate: { webhooks: { url: true } },
        select: {
          type: true,
          webhook: true,
          lastStatus: true,
          lastError: true,
          updatedAt: true,
          tenant: true,
        },
      }),
    ),
    orNone(
      payload.find({
        collection: 'ticketing-sync-runs',
        user,
        overrideAccess: false,
        where: { status: { equals: 'failed' }, tenant },
        sort: '-updatedAt',
        limit,
        depth: 0,
        select: { provider: true, kind: true, message: true, updatedAt: true, tenant: true },
      }),
    ),
  ])
  return [
    ...deliveries.docs.map((d): Problem => {
      const hook = typeof d.webhook === 'object' && d.webhook ? d.webhook : null
      return {
        id: d.id,
        collection: 'webhook-deliveries',
        what: `Webhook ${d.type}${hook?.url ? ` to ${hook.url}` : ''}`,
        detail: [d.lastStatus ? `HTTP ${d.lastStatus}` : '', d.lastError ?? '']
          .filter(Boolean)
          .join(': '),
        at: d.updatedAt,
        tenant: relationId(d.tenant as RelationValue) ?? '',
      }
    }),
    ...runs.docs.map((r): Problem => ({
      id: r.id,
      collection: 'ticketing-sync-runs',
      what: `${r.provider} ${r.kind === 'availability' ? 'availability refresh' : 'sync'}`,
      detail: r.message ?? '',
      at: r.updatedAt,
      tenant: relationId(r.tenant as RelationValue) ?? '',
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, limit)
}
