import type { CollectionBeforeChangeHook } from 'payload'

import { keepServerFields } from '../../../../hooks/keepServerFields'
import type { Webhook } from '../../../../payload-types'
import { actorOf, makerOf } from '../../../partnerShape'
import { makerRelation } from '../../operations/maker'

/**
 * Set by the partner API's create, whose Local API call has no user (the key's synthetic
 * member would fail the tenant-admin check): the id of the key making the subscription.
 */
export const makerKeyContext = 'webhookMadeByKey'

/**
 * Who made a subscription, recorded once when it is made and never from a body: revoking a
 * key pauses what it made (`ApiKeys/hooks/retireKeyWork.ts`).
 */
export const recordMaker: CollectionBeforeChangeHook<Webhook> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  keepServerFields({ data, operation, originalDoc, fields: ['createdBy'] })
  if (operation !== 'create') return data
  const key = req.context[makerKeyContext]
  const maker = typeof key === 'string' ? { type: 'key' as const, id: key } : makerOf(actorOf(req))
  if (maker) data.createdBy = makerRelation(maker) as Webhook['createdBy']
  return data
}
