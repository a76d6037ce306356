/**
 * Webhooks' public surface: the subscription routes for the partner API, and the change-log
 * subscriber that queues deliveries.
 */
export { webhookRoutes } from './partner/routes'
export { queueDeliveries } from './delivery/queue'
export { pauseWebhooksOfRetiredKey } from './operations/keyWebhooks'
export type { WebhookInput } from './options'
export { webhookMessages } from './partner/schemas'
export { countWebhooksOfKey } from './operations/keyWebhooks'
