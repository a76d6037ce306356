import type { CollectionAfterReadHook, CollectionBeforeChangeHook } from 'payload'

import { keepServerFields } from '../../../../hooks/keepServerFields'
import type { TicketingConnection } from '../../../../payload-types'
import { credentialsSet, sealWritten } from '../../credentials/sealed'

/**
 * Credentials are written through the virtual `credentials` group and kept only sealed, in
 * the hidden `credentialsSealed`, with `credentialsSet` (which are set) beside them: a body
 * can set neither itself. Stored, not worked out on read, because Payload hides hidden fields
 * before any read hook could look at them.
 */
export const sealCredentials: CollectionBeforeChangeHook<TicketingConnection> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  keepServerFields({
    data,
    operation,
    originalDoc,
    fields: ['credentialsSealed', 'credentialsSet', 'lastRun', 'lastAvailabilityRun'],
  })
  data.credentialsSealed = sealWritten({
    stored: data.credentialsSealed,
    written: data.credentials,
    installationSecret: req.payload.secret,
  })
  data.credentialsSet = credentialsSet({
    provider: String(data.provider ?? originalDoc?.provider ?? ''),
    stored: data.credentialsSealed,
  })
  delete data.credentials
  return data
}

/** No surface answers a credential: the write-only group reads as absent. */
export const answerNoCredentials: CollectionAfterReadHook = ({ doc }) => {
  const { credentials: _dropped, ...rest } = doc as Record<string, unknown>
  return rest
}
