import type { CollectionBeforeChangeHook } from 'payload'

import { capPerTenant } from '../../../../hooks/capPerTenant'
import type { Webhook } from '../../../../payload-types'
import { relationId, type RelationValue } from '../../../../lib/relationId'
import { webhookOptions } from '../../options'

/** A tenant holds a bounded number of subscriptions: every change fans out to each of them. */
export const limitWebhooksPerTenant: CollectionBeforeChangeHook<Webhook> = async ({
  data,
  operation,
  req,
}) => {
  const tenant = relationId(data.tenant as RelationValue)
  if (operation !== 'create' || !tenant) return data
  const max = webhookOptions(req.payload.config).perTenant
  await capPerTenant({
    req,
    collection: 'webhooks',
    tenant,
    where: { tenant: { equals: tenant } },
    max,
    path: 'url',
    message: `A tenant holds at most ${max} webhook subscriptions; delete one it no longer needs.`,
  })
  return data
}
