import type { Payload } from 'payload'

import { isUuid } from '../../../lib/uuid'
import { relationId } from '../../../lib/relationId'
import type { TicketingConnection, TicketingSyncRun } from '../../../payload-types'
import type { Maker } from '../../partnerShape'
import { wakeRunner } from '../runner/wake'
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

/** The connection's run that is queued or running, if one is. */
export const runUnderWay = async ({
  payload,
  connection,
}: {
  payload: Payload
  connection: string
}): Promise<TicketingSyncRun | undefined> => {
  const { docs } = await payload.find({
    collection: 'ticketing-sync-runs',
    where: {
      and: [{ connection: { equals: connection } }, { status: { in: ['queued', 'running'] } }],
    },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs[0]
}

/** What asking for a run came to: the queued run, or the one already under way. */
export type SyncRequestOutcome = { queued: TicketingSyncRun } | { underWay: TicketingSyncRun }

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
  dryRun,
  confirmRemovals,
  requestedBy,
}: {
  payload: Payload
  caller: Caller
  id: string
  dryRun: boolean
  confirmRemovals: boolean
  requestedBy: Maker | null
}): Promise<SyncRequestOutcome | undefined> => {
  const connection = await findConnection({ payload, caller, id })
  const tenant = relationId(connection?.tenant)
  if (!connection || !tenant) return undefined
  const before = await runUnderWay({ payload, connection: connection.id })
  if (before) return { underWay: before }
  try {
    const queued = await payload.create({
      collection: 'ticketing-sync-runs',
      data: {
        tenant,
        connection: connection.id,
        provider: connection.provider,
        kind: 'sync',
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
    const during = await runUnderWay({ payload, connection: connection.id })
    if (during) return { underWay: during }
    throw err
  }
}
