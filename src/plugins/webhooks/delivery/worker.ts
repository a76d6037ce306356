import type { Payload } from 'payload'

import { listen } from '../../../db/listen'
import { isDatabaseUnavailable } from '../../../db/unavailable'
import { changeChannel } from '../../changeLog/defaults'
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
        })
        for (const delivery of claimed) {
          const running: Promise<void> = deliverClaimed({ payload, delivery, options })
            .then(() => undefined)
            .catch((err: unknown) => {
              // Left as claimed: its lease runs out and it is sent again.
              payload.logger.warn({ err, msg: `webhook delivery ${delivery.id} not recorded` })
            })
            .finally(() => {
              inFlight.delete(running)
              void pump()
            })
          inFlight.add(running)
        }
        if (claimed.length === room) again = true
      } while (again && !stopped)
    } catch (err) {
      // Before the migrations have run (no table yet), or with the database away: the timer
      // tries again.
      if (!isDatabaseUnavailable(err) && !missingTable(err))
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

/** PostgreSQL's "undefined table", anywhere in the error's causes. */
const missingTable = (err: unknown): boolean => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '42P01') return true
  return false
}
