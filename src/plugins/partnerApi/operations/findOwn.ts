import type { PayloadRequest } from 'payload'

import { fail } from '../../../lib/partnerProblem'
import { isUuid } from '../../../lib/uuid'
import { actingAs, partnerRead, type OperationArgs } from './types'
import type { ReadVersion } from '../reads/version'

/** The one 404 of a record that is missing or another tenant's. */
export const missingRecord = ({ kind, id }: { kind: OperationArgs['kind']; id: string }): never =>
  fail({ status: 404, detail: `No ${kind.schema} with id "${id}" in this tenant.` })

/**
 * The stored record, through access control: a missing id and another tenant's id are one and
 * the same 404. Writes work on the latest version (a draft kind's newest draft); a read names
 * the version it answers, and a record with none of it (never published) is missing too. A `find` by id, not `findByID`: for a kind with drafts that reads the latest
 * version in one query, where `findByID` reads the record and then asks whether a newer draft
 * exists.
 */
export const findOwn = async ({
  payload,
  kind,
  principal,
  id,
  req,
  version = 'latest',
}: OperationArgs & {
  id: string
  req?: PayloadRequest
  version?: ReadVersion
}): Promise<object> => {
  const missing = (): never => missingRecord({ kind, id })
  if (!isUuid(id)) return missing()
  const { docs } = await payload.find({
    ...partnerRead({ kind, version, where: { id: { equals: id } } }),
    limit: 1,
    pagination: false,
    ...actingAs(principal, req),
  })
  return docs[0] ?? missing()
}
