import type { Payload } from 'payload'

import { isUuid } from '../../../lib/uuid'
import { relationId } from '../../../lib/relationId'
import type { TicketingConnection, TicketingSyncRun } from '../../../payload-types'
import type { Maker } from '../../partnerShape'
import { linkOnlyProviders } from '../defaults'
import { wakeRunner } from '../runner/wake'
import type { RunKind } from '../types'
import { asCaller, withinCaller, type Caller } from './caller'

/** The caller's connection, or `undefined`: another tenant's reads as missing. */
export const findConnection = async ({
  payload,
  caller,
  id,
}: {
  payload: Payload
  caller: Caller
  id: string
}): Promise<TicketingConnection | undefined> => {
  if (!isUuid(id)) return undefined
  const { docs } = await payload.find({
    collection: 'ticketing-connections',
    where: withinCaller({ caller, where: { id: { equals: id } } }),
    limit: 1,
    depth: 0,
    pagination: false,
    ...asCaller(caller),
  })
  return docs[0]
}

/**
 * The connection's run of that kind that is queued or running, if one is: a queued refresh of
 * availability does not stand in the way of a full sync, nor the reverse (the partial unique
 * index is per connection and kind).
 */
export const runUnderWay = async ({
  payload,
  connection,
  kind,
}: {
  payload: Payload
  connection: string
  kind: RunKind
}): Promise<TicketingSyncRun | undefined> => {
  const { docs } = await payload.find({
    collection: 'ticketing-sync-runs',
    where: {
      and: [
        { connection: { equals: connection } },
        { kind: { equals: kind } },
        { status: { in: ['queued', 'running'] } },
      ],
    },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs[0]
}

/** What asking for a run came to: the queued run, the one already under way, or a refusal. */
export type SyncRequestOutcome =
  { queued: TicketingSyncRun } | { underWay: TicketingSyncRun } | { refused: string }

/** Why Elevent connections never run: the one sentence both doors answer with. */
export const eleventNoSync =
  'Elevent has no API to read; its performances are entered by hand and their booking links are built from the shop address.'

/**
 * Queues a run of the caller's connection (an editor may, as a key that may write): the
 * runner of whichever instance is free takes it. A connection has at most one run queued or
 * running (the partial unique index decides between two requests at once): a request while
 * one is answers that one.
 */
export const requestSync = async ({
  payload,
  caller,
  id,
  kind,
  dryRun,
  confirmRemovals,
  requestedBy,
}: {
  payload: Payload
  caller: Caller
  id: string
  kind: RunKind
  dryRun: boolean
  confirmRemovals: boolean
  requestedBy: Maker | null
}): Promise<SyncRequestOutcome | undefined> => {
  const connection = await findConnection({ payload, caller, id })
  const tenant = relationId(connection?.tenant)
  if (!connection || !tenant) return undefined
  // A link-only box office has nothing to read, neither a full sync nor availability.
  if (linkOnlyProviders.includes(connection.provider)) return { refused: eleventNoSync }
  const before = await runUnderWay({ payload, connection: connection.id, kind })
  if (before) return { underWay: before }
  try {
    const queued = await payload.create({
      collection: 'ticketing-sync-runs',
      data: {
        tenant,
        connection: connection.id,
        provider: connection.provider,
        kind,
        status: 'queued',
        dryRun,
        confirmRemovals,
        trigger: 'manual',
        queuedAt: new Date().toISOString(),
        requestedBy: requestedBy
          ? {
              relationTo: requestedBy.type === 'key' ? 'api-keys' : 'users',
              value: requestedBy.id,
            }
          : null,
      },
      depth: 0,
      overrideAccess: true,
    })
    wakeRunner(payload)
    return { queued }
  } catch (err) {
    // Another request (or the schedule) queued one between the look and the insert.
    const during = await runUnderWay({ payload, connection: connection.id, kind })
    if (during) return { underWay: during }
    throw err
  }
}
