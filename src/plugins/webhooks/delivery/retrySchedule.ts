import type { WebhookOptions } from '../defaults'

/**
 * When a failed delivery is tried again: after its `attempts`-th failure, the schedule's wait
 * for that retry, spread by up to a tenth so that many failed deliveries do not return at once;
 * `undefined` once the schedule is spent (the delivery has failed).
 */
export const retryDelay = ({
  attempts,
  options,
  random = Math.random,
}: {
  attempts: number
  options: Pick<WebhookOptions, 'retryDelaysMs'>
  random?: () => number
}): number | undefined => {
  const wait = options.retryDelaysMs[attempts - 1]
  if (wait === undefined) return undefined
  return Math.round(wait * (1 + random() / 10))
}
