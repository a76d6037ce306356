import type {
  CollectionAfterReadHook,
  CollectionBeforeChangeHook,
  CollectionBeforeReadHook,
} from 'payload'

import { keepServerFields } from '../../../../hooks/keepServerFields'
import type { TicketingConnection } from '../../../../payload-types'
import { credentialsSet, sealWritten } from '../../credentials/sealed'

/**
 * Credentials are written through the virtual `credentials` group and kept only sealed, in
 * the hidden `credentialsSealed`: a body can never set the sealed values themselves.
 */
export const sealCredentials: CollectionBeforeChangeHook<TicketingConnection> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  keepServerFields({ data, operation, originalDoc, fields: ['credentialsSealed', 'lastRun'] })
  data.credentialsSealed = sealWritten({
    stored: data.credentialsSealed,
    written: data.credentials,
    installationSecret: req.payload.secret,
  })
  delete data.credentials
  return data
}

/** Before the hidden sealed values are dropped from the answer: which credentials are set. */
export const answerCredentialsSet: CollectionBeforeReadHook = ({ doc }) => ({
  ...doc,
  credentialsSet: credentialsSet({
    provider: String(doc.provider ?? ''),
    stored: doc.credentialsSealed,
  }),
})

/** No surface answers a credential: the write-only group reads as absent. */
export const answerNoCredentials: CollectionAfterReadHook = ({ doc }) => {
  const { credentials: _dropped, ...rest } = doc as Record<string, unknown>
  return rest
}
