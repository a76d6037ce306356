import { encodeCursor } from '../../changeLog/exports'
import type { PartnerRecord } from '../../partnerShape'
import type { Claimed } from './claim'

/** The JSON a receiver gets, in the Standard Webhooks shape: `type`, `timestamp`, `data`. */
export type WebhookMessage = {
  type: string
  timestamp: string
  data: {
    tenant: string
    kind: string | null
    id: string | null
    event: string | null
    fields: string[]
    /** The change feed's cursor at this change: follow the feed from here to catch up. */
    change: string | null
    /** The record as the change left it, in its partner shape; `null` for a delete. */
    record: PartnerRecord | null
  }
}

export const buildMessage = ({
  delivery,
  secret,
}: {
  delivery: Claimed
  /** The installation's secret, which the change's cursor is sealed with. */
  secret: string
}): WebhookMessage => ({
  type: delivery.type,
  timestamp: delivery.changedAt,
  data: {
    tenant: delivery.tenantSlug,
    kind: delivery.kind,
    id: delivery.recordId,
    event: delivery.event,
    fields: delivery.fields ?? [],
    change:
      delivery.change === null
        ? null
        : encodeCursor({ seq: delivery.change, secret, tenant: delivery.tenantId }),
    record: delivery.record,
  },
})
