import type { Payload, SanitizedConfig } from 'payload'

import type { Webhook } from '../../../payload-types'

import { partnerKinds } from '../../partnerApi/exports/records'
import {
  fail,
  validateAgainst,
  type JsonSchema,
  type PartnerPrincipal,
} from '../../partnerApi/exports/routes'
import { webhookOptions } from '../options'
import { webhookSchemas } from './schemas'
import { makerKeyContext } from '../Webhooks/hooks/recordMaker'
import { deliveryOut, webhookOut } from '../operations/partnerShape'
import {
  findWebhook,
  retryDelivery,
  rotateWebhookSecret,
  sendTestMessage,
} from '../operations/webhookOps'

type WebhookInput = Partial<
  Pick<Webhook, 'url' | 'description' | 'events' | 'kinds' | 'drafts' | 'active'>
>

type Args = { payload: Payload; principal: PartnerPrincipal }
type OnWebhook = Args & { id: string }

const callerOf = (principal: PartnerPrincipal) => ({ tenantId: principal.tenant.id })

const missing = (id: string): never =>
  fail({ status: 404, detail: `No webhook subscription with id "${id}" in this tenant.` })

/** The body schemas of a configuration's subscriptions, made once: what the document says. */
const bodySchemas = new WeakMap<SanitizedConfig, Record<string, JsonSchema>>()

/**
 * A subscription's body, checked against the schema the route declares (WebhookCreate or
 * WebhookUpdate, made from the collection's fields): anything else in the body is refused, as
 * for records, and Payload checks the values again (the URL's address, the choices).
 */
const readWebhookBody = ({
  payload,
  body,
  create,
}: {
  payload: Payload
  body: Record<string, unknown>
  create: boolean
}): WebhookInput => {
  let schemas = bodySchemas.get(payload.config)
  if (!schemas) {
    schemas = webhookSchemas({ config: payload.config, kinds: [...partnerKinds(payload).keys()] })
    bodySchemas.set(payload.config, schemas)
  }
  const schema = schemas[create ? 'WebhookCreate' : 'WebhookUpdate']
  if (!schema) throw new Error('webhooks: no body schema')
  return validateAgainst<WebhookInput>({ schema, body })
}

export const listWebhooks = async ({ payload, principal }: Args) => {
  const { docs } = await payload.find({
    collection: 'webhooks',
    where: { tenant: { equals: principal.tenant.id } },
    sort: '-createdAt',
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return { docs: docs.map(webhookOut) }
}

export const createWebhook = async ({
  payload,
  principal,
  body,
}: Args & { body: Record<string, unknown> }) => {
  const data = readWebhookBody({ payload, body, create: true })
  const doc = await payload.create({
    collection: 'webhooks',
    data: { ...data, url: data.url ?? '', tenant: principal.tenant.id },
    depth: 0,
    overrideAccess: true,
    context: { [makerKeyContext]: principal.key.id },
  })
  // `revealSecretOnce` puts the new secret on the created document only; the type has no field for it.
  return { ...webhookOut(doc), secret: (doc as { secret?: string }).secret ?? null }
}

export const retrieveWebhook = async ({ payload, principal, id }: OnWebhook) =>
  webhookOut((await findWebhook({ payload, caller: callerOf(principal), id })) ?? missing(id))

export const updateWebhook = async ({
  payload,
  principal,
  id,
  body,
}: OnWebhook & { body: Record<string, unknown> }) => {
  const data = readWebhookBody({ payload, body, create: false })
  if (!(await findWebhook({ payload, caller: callerOf(principal), id }))) missing(id)
  const doc = await payload.update({
    collection: 'webhooks',
    id,
    data,
    depth: 0,
    overrideAccess: true,
  })
  return webhookOut(doc)
}

export const deleteWebhook = async ({ payload, principal, id }: OnWebhook): Promise<void> => {
  if (!(await findWebhook({ payload, caller: callerOf(principal), id }))) missing(id)
  await payload.delete({ collection: 'webhooks', id, overrideAccess: true })
}

export const rotateSecret = async ({ payload, principal, id }: OnWebhook) => {
  const rotated = await rotateWebhookSecret({ payload, caller: callerOf(principal), id })
  return { secret: rotated?.secret ?? missing(id) }
}

export const testWebhook = async ({ payload, principal, id }: OnWebhook) => {
  const outcome =
    (await sendTestMessage({
      payload,
      caller: callerOf(principal),
      id,
      waitMs: webhookOptions(payload.config).timeoutMs + 2_000,
    })) ?? missing(id)
  if ('refused' in outcome)
    return fail({
      status: 429,
      detail: outcome.refused.detail,
      headers: { 'retry-after': String(outcome.refused.retryAfterSeconds) },
    })
  return deliveryOut(outcome.sent)
}

export const listDeliveries = async ({
  payload,
  principal,
  id,
  query,
}: OnWebhook & { query: { limit: number; page: number } }) => {
  if (!(await findWebhook({ payload, caller: callerOf(principal), id }))) missing(id)
  const found = await payload.find({
    collection: 'webhook-deliveries',
    where: {
      and: [{ webhook: { equals: id } }, { tenant: { equals: principal.tenant.id } }],
    },
    sort: '-createdAt',
    limit: query.limit,
    page: query.page,
    depth: 0,
    overrideAccess: true,
  })
  return {
    docs: found.docs.map(deliveryOut),
    page: found.page ?? query.page,
    limit: query.limit,
    totalDocs: found.totalDocs,
    hasNextPage: found.hasNextPage,
  }
}

export const retryWebhookDelivery = async ({
  payload,
  principal,
  id,
  deliveryId,
}: OnWebhook & { deliveryId: string }) => {
  const outcome = await retryDelivery({
    payload,
    caller: callerOf(principal),
    webhookId: id,
    id: deliveryId,
  })
  if (!outcome)
    return fail({
      status: 404,
      detail: `No delivery with id "${deliveryId}" for this subscription.`,
    })
  if ('refused' in outcome) return fail({ status: 409, detail: outcome.refused })
  return deliveryOut(outcome.retried)
}
