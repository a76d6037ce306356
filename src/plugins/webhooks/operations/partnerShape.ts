import type { Webhook, WebhookDelivery } from '../../../payload-types'
import { makerOfRelation, type MakerRelation } from './maker'

/** A subscription as partners read it: never its secret. */
export const webhookOut = (doc: Webhook) => ({
  id: doc.id,
  url: doc.url,
  description: doc.description ?? null,
  events: doc.events ?? [],
  kinds: doc.kinds ?? [],
  drafts: doc.drafts ?? false,
  active: doc.active ?? true,
  pausedReason: doc.pausedReason ?? null,
  pausedAt: doc.pausedAt ?? null,
  failingSince: doc.failingSince ?? null,
  createdBy: makerOfRelation(doc.createdBy as MakerRelation | null | undefined),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
})

/** A delivery as partners read it, attempt by attempt. */
export const deliveryOut = (doc: WebhookDelivery) => ({
  id: doc.id,
  type: doc.type,
  kind: doc.kind ?? null,
  recordId: doc.recordId ?? null,
  event: doc.event ?? null,
  state: doc.state,
  attempts: Number(doc.attempts ?? 0),
  nextAttemptAt: doc.state === 'pending' ? (doc.nextAttemptAt ?? null) : null,
  deliveredAt: doc.deliveredAt ?? null,
  lastStatus: doc.lastStatus ?? null,
  lastError: doc.lastError ?? null,
  log: Array.isArray(doc.log) ? doc.log : [],
  createdAt: doc.createdAt,
})
