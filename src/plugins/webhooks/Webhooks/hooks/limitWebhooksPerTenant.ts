import { capPerTenantOnCreate } from '../../../../hooks/capPerTenant'
import { webhookOptions } from '../../options'

/** A tenant holds a bounded number of subscriptions: every change fans out to each of them. */
export const limitWebhooksPerTenant = capPerTenantOnCreate({
  collection: 'webhooks',
  path: 'url',
  max: (config) => webhookOptions(config).perTenant,
  what: 'webhook subscriptions',
})
