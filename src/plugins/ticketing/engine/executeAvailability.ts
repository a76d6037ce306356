import type { Payload } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { fieldOwnership, providerPaths } from '../ownership'
import { ProviderError } from '../providers/http'
import { providers } from '../providers/registry'
import type { Provider } from '../providers/types'
import type { ExecuteSync, RunRequest } from '../types'
import { applyPlan } from './apply'
import { readLinks, type Link } from './links'
import { planAvailability, type LiveInstance } from './planAvailability'
import { appliedOutcome, runHttp, runTally } from './outcome'
import { valueAt } from './state'

type Doc = Record<string, unknown>

/** Ids in one `in` query: well under PostgreSQL's bind parameters per statement. */
const idsPerQuery = 1000

const dayMs = 86_400_000

/**
 * The connection's linked performances that start from now to `availabilityDaysAhead` days on,
 * of a connected event that keeps them, their link not `vanished` (the full sync hid them):
 * one read of the performances by id and start, one of their events.
 */
const readLiveInstances = async ({
  payload,
  run,
  provider,
  now,
}: {
  payload: Payload
  run: RunRequest
  provider: Provider
  now: Date
}): Promise<{ instance: LiveInstance; eventExternalId: string; start: string }[]> => {
  const { connection } = run
  const links = await readLinks({ payload, connectionId: connection.id })
  const byLocal = new Map<string, Link>()
  for (const link of links.values())
    if (link.kind === 'event-instances' && link.sourceHash !== 'vanished')
      byLocal.set(link.localId, link)
  const ids = [...byLocal.keys()]
  const until = new Date(now.getTime() + Math.max(0, connection.availabilityDaysAhead) * dayMs)
  const live = fieldOwnership[connection.provider]['event-instances'].live
  const docs: Doc[] = []
  for (let at = 0; at < ids.length; at += idsPerQuery) {
    const found = await payload.find({
      collection: 'event-instances',
      where: {
        and: [
          { tenant: { equals: connection.tenantId } },
          { id: { in: ids.slice(at, at + idsPerQuery) } },
          { startDate: { greater_than_equal: now.toISOString() } },
          { startDate: { less_than_equal: until.toISOString() } },
        ],
      },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    docs.push(...(found.docs as unknown as Doc[]))
  }
  const eventIds = [...new Set(docs.map((d) => relationId(d.event as RelationValue) ?? ''))]
  const events = new Map<string, Doc>()
  for (let at = 0; at < eventIds.length; at += idsPerQuery) {
    const found = await payload.find({
      collection: 'events',
      where: { id: { in: eventIds.slice(at, at + idsPerQuery) } },
      draft: true,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of found.docs as unknown as Doc[]) events.set(String(doc.id), doc)
  }
  const paths = providerPaths[connection.provider]
  return docs.flatMap((doc) => {
    const link = byLocal.get(String(doc.id))!
    const event = events.get(relationId(doc.event as RelationValue) ?? '')
    const eventLink = provider.cms.readEventLink(event?.[connection.provider] as Doc | undefined)
    if (!eventLink?.connected) return []
    if (eventLink.selected && !eventLink.selected.has(link.externalId)) return []
    const eventExternalId = valueAt(doc, paths.instanceEventId)
    return [
      {
        instance: {
          id: String(doc.id),
          link,
          hidden: doc.hidden === true,
          values: Object.fromEntries(live.map((path) => [path, valueAt(doc, path)])),
          eventId: relationId(doc.event as RelationValue) ?? '',
        },
        eventExternalId: typeof eventExternalId === 'string' ? eventExternalId : '',
        start: String(doc.startDate),
      },
    ]
  })
}

/**
 * Refreshes the `live` fields of a connection's performances of the coming days: asks the
 * provider for those performances only, and writes the ones that changed as a full sync
 * writes (each in its own transaction, through the Local API with `syncContext`, so the change
 * log, webhooks and the read cache see one write each). Never a dry run, and no removal limit:
 * it hides only what the box office says is cancelled.
 */
export const executeAvailability: ExecuteSync = async ({ payload, run }) => {
  const tally = runTally()
  const { counts, errors, failed } = tally
  const { connection } = run
  const provider = providers[connection.provider]
  if (!provider?.readAvailability)
    return failed(`${provider?.label ?? connection.provider} has no availability read.`)
  try {
    const now = new Date()
    const asked = await readLiveInstances({ payload, run, provider, now })
    const http = runHttp({ payload, connection, deadline: run.deadline, label: provider.label })
    let statuses
    try {
      statuses =
        asked.length === 0
          ? []
          : await provider.readAvailability({
              connection,
              getJson: http.getJson,
              instances: asked.map((a) => ({
                externalId: a.instance.link.externalId,
                eventExternalId: a.eventExternalId,
                start: a.start,
              })),
              window: {
                from: now,
                to: new Date(now.getTime() + connection.availabilityDaysAhead * dayMs),
              },
            })
    } catch (err) {
      if (err instanceof ProviderError) return failed(`${err.message} Nothing was changed.`)
      throw err
    } finally {
      http.close()
    }
    await run.heartbeat()
    const plan = planAvailability({
      connection,
      instances: asked.map((a) => a.instance),
      statuses,
    })
    counts.unchanged = plan.unchanged
    const { stoppedAt } = await applyPlan({
      payload,
      run,
      plan,
      events: [],
      counts,
      errors,
    })
    return appliedOutcome({
      tally,
      steps: plan.steps,
      writes: plan.steps.length,
      stoppedAt,
      goesOn: 'the next refresh goes on from there',
    })
  } catch (err) {
    return failed(
      `The availability refresh stopped: ${err instanceof Error ? err.message : String(err)}`,
    )
  }
}
