import type { Plugin } from 'payload'

import { runPeriodically } from '../../lib/periodic'
import { declaredKinds } from '../partnerApi/exports/kinds'
import { resolveOptions, webhookOptions, type WebhookInput } from './options'
import { expirePaused } from './delivery/expirePaused'
import { pruneDeliveryLog } from './delivery/pruneLog'
import { startDeliveryWorker } from './delivery/worker'
import { logPruneIntervalMs } from './defaults'
import { webhookDeliveriesCollection } from './WebhookDeliveries'
import { webhookPayloadsCollection } from './WebhookPayloads'
import { webhooksCollection } from './Webhooks'

/**
 * Webhooks, config → config: the subscription and delivery collections, the options (retry
 * schedule, time-out, targets allowed) recorded on the configuration, and a delivery worker in
 * every app instance. Deliveries are queued by `queueDeliveries`, a change-log subscriber, so a
 * change and its messages commit or roll back together.
 */
export const webhooks =
  (input: WebhookInput = {}): Plugin =>
  (config) => {
    const kinds = [...new Set(declaredKinds(config.collections ?? []).map((kind) => kind.path))]
    return {
      ...config,
      collections: [
        ...(config.collections ?? []),
        webhooksCollection({ kinds }),
        webhookDeliveriesCollection,
        webhookPayloadsCollection,
      ],
      custom: { ...config.custom, webhooks: resolveOptions(input) },
      onInit: async (payload) => {
        await config.onInit?.(payload)
        const options = webhookOptions(payload.config)
        if (!options.deliver) return
        const worker = startDeliveryWorker({ payload })
        runPeriodically({
          name: 'webhook deliveries',
          everyMs: logPruneIntervalMs,
          run: () => {
            expirePaused({ payload, expiryMs: options.pausedExpiryMs })
              .then(() => pruneDeliveryLog({ payload, retentionDays: options.logRetentionDays }))
              .catch((err: unknown) =>
                payload.logger.warn({ err, msg: 'webhook log: pruning failed' }),
              )
          },
          stop: () => worker.stop(),
        })
      },
    }
  }
