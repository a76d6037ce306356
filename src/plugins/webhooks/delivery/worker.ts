import type { Payload } from 'payload'

import { listen } from '../../../db/listen'
import { isConflictRollback, isDatabaseUnavailable } from '../../../db/unavailable'
import { changeChannel } from '../../partnerShape'
import { failingSlots } from '../defaults'
import { tenantInFlightCap, webhookOptions } from '../options'
import { claimDue } from './claim'
import { deliverClaimed } from './deliver'

type Worker = { stop: () => Promise<void>; wake: () => void }

/** Each Payload instance's worker, for operations that queue something and want it sent now. */
const workers = new WeakMap<Payload, Worker>()

export const workerOf = (payload: Payload): Worker | undefined => workers.get(payload)

/** How long a claim is held: the attempt's time-out twice over, and time to record it. */
export const leaseFor = (timeoutMs: number): number => timeoutMs * 2 + 5_000

/**
 * The delivery worker of one app instance: woken by every committed change (NOTIFY) and by a
 * timer for due retries, it claims what it has room for and sends each in the background.
 * Everything it knows is in PostgreSQL: an instance that dies leaves leases that run out, and
 * another instance (or this one, restarted) takes the deliveries over.
 */
export const startDeliveryWorker = ({ payload }: { payload: Payload }): Worker => {
  const options = webhookOptions(payload.config)
  const inFlight = new Set<Promise<void>>()
  // Those of them sent to failing subscriptions: they may hold only `failingSlots`.
  let failingInFlight = 0
  let stopped = false
  let pumping = false
  let again = false

  const pump = async (): Promise<void> => {
    if (stopped) return
    if (pumping) {
      again = true
      return
    }
    pumping = true
    try {
      do {
        again = false
        const room = options.concurrency - inFlight.size
        if (room <= 0) break
        const claimed = await claimDue({
          payload,
          limit: room,
          leaseMs: leaseFor(options.timeoutMs),
          perTenant: tenantInFlightCap(options),
          failingRoom: Math.max(0, failingSlots(options.concurrency) - failingInFlight),
        })
        for (const delivery of claimed) {
          if (delivery.failing) failingInFlight++
          const running: Promise<void> = deliverClaimed({ payload, delivery, options })
            .then(() => undefined)
            .catch((err: unknown) => {
              // Left as claimed: its lease runs out and it is sent again.
              payload.logger.warn({ err, msg: `webhook delivery ${delivery.id} not recorded` })
            })
            .finally(() => {
              inFlight.delete(running)
              if (delivery.failing) failingInFlight--
              void pump()
            })
          inFlight.add(running)
        }
        if (claimed.length === room) again = true
      } while (again && !stopped)
    } catch (err) {
      // Before the migrations have run (no table yet), or with the database away: the timer
      // tries again, as it does after a claim that ran out of time.
      if (hasCode(err, queryCanceled))
        payload.logger.warn({ msg: 'webhook claim ran out of time; trying again' })
      else if (
        isConflictRollback(err) ||
        (!isDatabaseUnavailable(err) && !hasCode(err, undefinedTable))
      )
        payload.logger.warn({ err, msg: 'webhook claim failed' })
    } finally {
      pumping = false
    }
  }

  const wake = (): void => void pump()
  const timer = setInterval(wake, options.pollIntervalMs)
  timer.unref()
  const listener = listen({ payload, channel: changeChannel, onNotify: wake })
  const worker: Worker = {
    wake,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      listener.close()
      // Deliveries under way may finish; any that do not are sent again after a restart.
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, options.timeoutMs).unref()),
      ])
    },
  }
  workers.set(payload, worker)
  return worker
}

const undefinedTable = '42P01'
/** A statement time-out (a claim longer than `claimTimeoutMs`). */
const queryCanceled = '57014'

/** Whether PostgreSQL's error `code` is anywhere in the error's causes. */
const hasCode = (err: unknown, code: string): boolean => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === code) return true
  return false
}
