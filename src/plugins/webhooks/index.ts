import type { Plugin } from 'payload'

import { onShutdown } from '../../lib/shutdown'
import { declaredKinds } from '../partnerApi/kinds/declared'
import { resolveOptions, webhookOptions, type WebhookInput } from './options'
import { startDeliveryWorker } from './delivery/worker'
import { webhookDeliveriesCollection } from './WebhookDeliveries'
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
      ],
      custom: { ...config.custom, webhooks: resolveOptions(input) },
      onInit: async (payload) => {
        await config.onInit?.(payload)
        if (!webhookOptions(payload.config).deliver) return
        const worker = startDeliveryWorker({ payload })
        onShutdown({ name: 'webhook deliveries', hook: () => worker.stop() })
      },
    }
  }
