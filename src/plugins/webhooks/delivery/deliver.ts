import type { Payload } from 'payload'

import type { WebhookOptions } from '../defaults'
import { openSecret } from '../signing/secret'
import { signatureHeaders } from '../signing/sign'
import type { Claimed } from './claim'
import { buildMessage } from './message'
import { sendMessage, type Attempt } from './send'
import { settleDelivery } from './settle'

const unsendable = (error: string): Attempt => ({
  at: new Date().toISOString(),
  ok: false,
  status: null,
  latencyMs: 0,
  excerpt: '',
  error,
})

/** Builds, signs and sends one claimed delivery, then records the attempt. */
export const deliverClaimed = async ({
  payload,
  delivery,
  options,
}: {
  payload: Payload
  delivery: Claimed
  options: WebhookOptions
}): Promise<Attempt> => {
  const secret = delivery.secretCipher
    ? openSecret({ sealed: delivery.secretCipher, installationSecret: payload.secret })
    : undefined
  let attempt: Attempt
  if (!secret) {
    attempt = unsendable(
      'The signing secret cannot be read (the installation secret changed?): rotate it.',
    )
  } else {
    const body = JSON.stringify(buildMessage({ delivery, secret: payload.secret }))
    attempt = await sendMessage({
      url: delivery.url,
      body,
      headers: signatureHeaders({ id: delivery.id, body, secret }),
      timeoutMs: options.timeoutMs,
      allowedHosts: options.allowedHosts,
      owner: delivery.tenantId,
    })
  }
  await settleDelivery({ payload, delivery, attempt, options })
  return attempt
}
