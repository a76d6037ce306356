import { fieldOwnership } from '../ownership'
import type { LiveStatus } from '../providers/types'
import type { Connection, FieldChange } from '../types'
import { cancelRule } from './cancelRule'
import type { Link } from './links'
import { sameValue, type Plan, type Step } from './plan'

/** A CMS performance an availability run may refresh, with its link and `live` values. */
export type LiveInstance = {
  id: string
  link: Link
  hidden: boolean
  /** The `live` paths as they are, by path. */
  values: Record<string, unknown>
  /** Its event in the CMS. */
  eventId: string
}

/** A provider's answer as values of the `live` paths. */
const liveValues = (status: LiveStatus): Record<string, unknown> => ({
  availability: status.availability,
  onSale: status.onSale,
  cancelled: status.cancelled,
  providerStatus: status.providerStatus,
  ...status.fields,
})

/**
 * The writes of an availability run: for each performance the provider answered for, the
 * `live` paths that differ, and the cancel rule's `hidden`. Nothing else is written (paths
 * outside `live` in an answer are ignored), a performance left out of the answer is left
 * alone, and each link keeps its hash, so the next full sync sees the source move, the values
 * equal, and refreshes only the link.
 */
export const planAvailability = ({
  connection,
  instances,
  statuses,
}: {
  connection: Connection
  instances: readonly LiveInstance[]
  statuses: readonly LiveStatus[]
}): Plan => {
  const live = fieldOwnership[connection.provider]['event-instances'].live
  const byExternal = new Map(instances.map((i) => [i.link.externalId, i]))
  const steps: Step[] = []
  let unchanged = 0
  const seen = new Set<string>()
  for (const status of statuses) {
    const cms = byExternal.get(status.externalId)
    if (!cms || seen.has(status.externalId)) continue
    seen.add(status.externalId)
    const wanted = liveValues(status)
    const changes: FieldChange[] = []
    for (const path of live) {
      if (!(path in wanted)) continue
      const from = cms.values[path] ?? null
      const to = wanted[path] ?? null
      if (!sameValue(from, to)) changes.push({ field: path, from, to })
    }
    const shown = cancelRule({
      cancelled: status.cancelled,
      hidden: cms.hidden,
      hiddenBySync: cms.link.hiddenBySync,
    })
    if (shown.change) changes.push(shown.change)
    if (changes.length === 0) {
      unchanged++
      continue
    }
    steps.push({
      entry: {
        action: status.cancelled && cms.values.cancelled !== true ? 'cancel' : 'update',
        kind: 'event-instances',
        externalId: status.externalId,
        recordId: cms.id,
        changes,
      },
      data: Object.fromEntries(changes.map((c) => [c.field, c.to])),
      draft: false,
      eventId: cms.eventId,
      link: { sourceHash: cms.link.sourceHash, hiddenBySync: shown.hiddenBySync },
    })
  }
  return { steps, refreshes: [], unchanged, knownFuture: 0 }
}
