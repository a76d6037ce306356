import type { TicketingConnection, TicketingSyncRun } from '../../../payload-types'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { noCounts } from '../types'
import { credentialsSet } from '../credentials/sealed'

type MakerRelation = { relationTo: 'users' | 'api-keys'; value: RelationValue }

const makerOfRelation = (relation: MakerRelation | null | undefined) => {
  const id = relationId(relation?.value)
  if (!relation || !id) return null
  return { type: relation.relationTo === 'api-keys' ? ('key' as const) : ('user' as const), id }
}

/** A connection as partners read it: whether each credential is set, never a credential. */
export const connectionOut = (doc: TicketingConnection) => ({
  id: doc.id,
  name: doc.name,
  provider: doc.provider,
  spektrix: {
    clientName: doc.spektrix?.clientName ?? null,
    customDomain: doc.spektrix?.customDomain ?? null,
    baseUrl: doc.spektrix?.baseUrl ?? null,
  },
  tessitura: {
    baseUrl: doc.tessitura?.baseUrl ?? null,
    tnewAddress: doc.tessitura?.tnewAddress ?? null,
  },
  lineup: {
    baseUrl: doc.lineup?.baseUrl ?? null,
    channelId: doc.lineup?.channelId ?? null,
    bookingLinkTemplate: doc.lineup?.bookingLinkTemplate ?? null,
  },
  elevent: {
    shopAddress: doc.elevent?.shopAddress ?? null,
    linkTemplate: doc.elevent?.linkTemplate ?? null,
  },
  credentialsSet:
    (doc.credentialsSet as Record<string, boolean> | null | undefined) ??
    credentialsSet({ provider: doc.provider, stored: undefined }),
  syncEveryMinutes: doc.syncEveryMinutes ?? 0,
  daysAhead: doc.daysAhead ?? 180,
  importNewEvents: doc.importNewEvents ?? false,
  syncToPublished: doc.syncToPublished ?? true,
  removalLimitPercent: doc.removalLimitPercent ?? 50,
  availabilityEveryMinutes: doc.availabilityEveryMinutes ?? 5,
  availabilityDaysAhead: doc.availabilityDaysAhead ?? 14,
  active: doc.active ?? true,
  lastRun: relationId(doc.lastRun as RelationValue) ?? null,
  lastAvailabilityRun: relationId(doc.lastAvailabilityRun as RelationValue) ?? null,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
})

/** A run as partners read it. */
export const runOut = (doc: TicketingSyncRun) => ({
  id: doc.id,
  connection: relationId(doc.connection as RelationValue) ?? null,
  provider: doc.provider,
  kind: doc.kind ?? 'sync',
  status: doc.status,
  dryRun: doc.dryRun ?? false,
  confirmRemovals: doc.confirmRemovals ?? false,
  trigger: doc.trigger,
  requestedBy: makerOfRelation(doc.requestedBy as MakerRelation | null | undefined),
  queuedAt: doc.queuedAt ?? doc.createdAt,
  startedAt: doc.startedAt ?? null,
  finishedAt: doc.finishedAt ?? null,
  heartbeatAt: doc.heartbeatAt ?? null,
  attempts: Number(doc.attempts ?? 0),
  counts: Object.fromEntries(
    Object.keys(noCounts()).map((name) => [
      name,
      Number((doc.counts as Record<string, number | null> | undefined)?.[name] ?? 0),
    ]),
  ),
  errors: Array.isArray(doc.errors) ? doc.errors : [],
  plan: Array.isArray(doc.plan) ? doc.plan : [],
  message: doc.message ?? null,
  needsConfirmation: doc.needsConfirmation ?? false,
  createdAt: doc.createdAt,
})

/** A run in a list: without its plan, which may be long (retrieve the run to read it). */
export const runSummaryOut = (doc: TicketingSyncRun) => {
  const { plan: _plan, ...summary } = runOut(doc)
  return summary
}
