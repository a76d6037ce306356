import { fieldOwnership } from '../ownership'
import { ProviderError } from '../providers/http'
import { providers } from '../providers/registry'
import { type ExecuteSync, type RecordError, type RunOutcome, type SyncCounts } from '../types'
import { applyPlan } from './apply'
import { appliedOutcome, runHttp, runTally } from './outcome'
import { linkedElsewhere, readLinks } from './links'
import { countedAs, planSync, removalsOf, type Step } from './plan'
import { reportedPlan, withNote } from './planReport'
import { ticketingOptions } from '../options'
import { matchesKeywords } from './keywords'
import { eventsByExternalId, readCmsState } from './state'
import { windowOf } from './window'

/**
 * Runs one sync of a connection: read the CMS and the provider's whole window (a provider that
 * fails, answers malformed or oversized data fails the run before anything is written), plan,
 * stop if the plan would hide more than the connection allows without a confirmed run, and
 * unless a dry run, write each record in its own transaction.
 */
export const executeSync: ExecuteSync = async ({ payload, run }) => {
  const tally = runTally()
  try {
    return await runSync({ payload, run, tally })
  } catch (err) {
    // The database went away, a heartbeat found the run taken over, ...: what was written
    // stays written (each record in its own transaction), and the counts say how far it got.
    return tally.failed(`The sync stopped: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** A dry run's answer: its plan (the first steps), counted as a run would count it. */
const dryRunOutcome = ({
  steps,
  counts,
  errors,
  message,
}: {
  steps: Step[]
  counts: SyncCounts
  errors: RecordError[]
  message?: string
}): RunOutcome => {
  for (const step of steps) counts[countedAs[step.entry.action]]++
  const { plan, note } = reportedPlan({ steps, dryRun: true })
  const said = withNote(message, note)
  return { status: 'succeeded', counts, errors, plan, ...(said ? { message: said } : {}) }
}

/** Provider calls between two heartbeats while the run reads. */
const callsPerHeartbeat = 100

const runSync = async ({
  payload,
  run,
  tally,
}: Parameters<ExecuteSync>[0] & { tally: ReturnType<typeof runTally> }): Promise<RunOutcome> => {
  const { counts, errors, failed } = tally
  const { connection } = run
  const provider = providers[connection.provider]
  if (!provider) return failed(`No provider module for "${connection.provider}".`)
  const now = new Date()
  const window = windowOf({ now, daysAhead: connection.daysAhead })
  const settings = ticketingOptions(payload.config)

  const links = await readLinks({ payload, connectionId: connection.id })
  const linkedIds: string[] = []
  for (const link of links.values())
    if (link.kind === 'event-instances') linkedIds.push(link.localId)
  const state = await readCmsState({
    payload,
    elsewhere: await linkedElsewhere({
      payload,
      tenantId: connection.tenantId,
      connectionId: connection.id,
    }),
    connection,
    cms: provider.cms,
    instancePaths: fieldOwnership[connection.provider]['event-instances'].provider,
    linkedIds,
  })
  const byExternal = eventsByExternalId(state.events)

  const http = runHttp({ payload, connection, deadline: run.deadline, label: provider.label })
  let catalogue
  let calls = 0
  try {
    catalogue = await provider.read({
      connection,
      window,
      getJson: async (args) => {
        if (++calls % callsPerHeartbeat === 0) await run.heartbeat()
        return http.getJson(args)
      },
      maxRecords: settings.maxRecords,
      linkedEventIds: [
        ...new Set(state.events.filter((e) => e.connected).flatMap((e) => e.externalIds)),
      ],
      wanted: ({ externalId, eventExternalId, keywords }) => {
        const event = byExternal.get(eventExternalId)
        if (!event) return connection.importNewEvents
        return (
          event.connected &&
          (!event.selected || event.selected.has(externalId)) &&
          (keywords === undefined || matchesKeywords({ filter: event.keywordFilter, keywords }))
        )
      },
    })
  } catch (err) {
    if (err instanceof ProviderError) return failed(`${err.message} Nothing was changed.`)
    throw err
  } finally {
    http.close()
  }
  await run.heartbeat()

  const plan = planSync({ connection, cms: provider.cms, now, window, catalogue, ...state, links })
  counts.unchanged = plan.unchanged
  const removals = removalsOf(plan)
  const limit = (connection.removalLimitPercent / 100) * plan.knownFuture
  if (removals > 0 && removals > limit && !run.confirmRemovals) {
    const message =
      `${provider.label} no longer lists ${removals} of the ${plan.knownFuture} future performances ` +
      `this connection synced (more than ${connection.removalLimitPercent}%). Nothing was hidden or ` +
      'changed: check the box office, then run a confirmed sync to hide them.'
    if (!run.dryRun) {
      const { plan: entries, note } = reportedPlan({ steps: plan.steps, dryRun: false })
      return failed(withNote(message, note)!, { plan: entries, needsConfirmation: true })
    }
    return {
      ...dryRunOutcome({ steps: plan.steps, counts, errors, message }),
      needsConfirmation: true,
    }
  }
  if (run.dryRun) return dryRunOutcome({ steps: plan.steps, counts, errors })

  const { stoppedAt } = await applyPlan({
    payload,
    run,
    plan,
    events: state.events,
    counts,
    errors,
  })
  return appliedOutcome({
    tally,
    steps: plan.steps,
    writes: plan.steps.length + plan.refreshes.length,
    stoppedAt,
    goesOn: 'the next run goes on from there',
  })
}
