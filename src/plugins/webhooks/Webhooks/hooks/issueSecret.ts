import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { keepServerFields } from '../../../../hooks/keepServerFields'
import type { Webhook } from '../../../../payload-types'
import { plaintext, rotateContext } from '../../signing/issued'
import { generateSecret, sealSecret } from '../../signing/secret'

/** Written by the server alone: a body that names them is ignored. */
const serverFields = ['secretCipher', 'pausedReason', 'pausedAt', 'failingSince'] as const

/**
 * A new subscription gets its signing secret here, and so does one being rotated; the secret
 * travels to the answer through the context, sealed in the record. Turning a paused
 * subscription back on clears why it was paused, and its failures start counting afresh;
 * pausing one by hand records when.
 */
export const issueSecret: CollectionBeforeChangeHook<Webhook> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  keepServerFields({ data, operation, originalDoc, fields: serverFields })
  if (operation === 'create' || req.context[rotateContext] === true) {
    const secret = generateSecret()
    data.secretCipher = sealSecret({ secret, installationSecret: req.payload.secret })
    req.context[plaintext] = secret
  }
  if (operation === 'update' && data.active === true && originalDoc?.active === false) {
    data.pausedReason = null
    data.pausedAt = null
    data.failingSince = null
  }
  // From then on its waiting messages count down to their expiry.
  if (operation === 'update' && data.active === false && originalDoc?.active !== false)
    data.pausedAt = new Date().toISOString()
  return data
}

/** The create's answer (REST, Local API) is where the new secret appears, once. */
export const revealSecretOnce: CollectionAfterChangeHook<Webhook> = ({ doc, operation, req }) =>
  operation === 'create' && typeof req.context[plaintext] === 'string'
    ? { ...doc, secret: req.context[plaintext] }
    : doc
