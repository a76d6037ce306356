import {
  commitTransaction,
  createLocalReq,
  Forbidden,
  initTransaction,
  killTransaction,
  type PayloadRequest,
} from 'payload'

import { lockRecord } from '../../../db/recordTenants'
import { etagOf, matches } from '../../../lib/etag'
import { fail } from '../../../lib/partnerProblem'
import { presentRecord } from '../records/present'
import { findOwn, missingRecord } from './findOwn'
import type { OperationArgs } from './types'

/** The tag a retrieve answers for this record, from the same bytes. */
const etagOfRecord = async (args: Parameters<typeof presentRecord>[0]) =>
  etagOf(JSON.stringify(await presentRecord(args)))

/**
 * Payload refuses a write by id that its access does not find with Forbidden. `findOwn` found
 * the record through the same access just before, so it left the tenant in between (a move
 * committed while the write waited for the record, `lockEditedRecord`): it is missing now, like
 * any record of another tenant.
 */
const stillOwn = async <T>({
  kind,
  id,
  write,
}: Pick<OperationArgs, 'kind'> & { id: string; write: () => Promise<T> }): Promise<T> => {
  try {
    return await write()
  } catch (err) {
    if (err instanceof Forbidden) missingRecord({ kind, id })
    throw err
  }
}

/**
 * Runs `write` only while the record still has the tag the partner read (`If-Match`), else a
 * 412 that changes nothing. The record's row is locked first and the check and the write share
 * one transaction, so two partners sending the same tag cannot both win. Without a tag the
 * write runs as it always did.
 */
export const ifStillMatching = async <T>({
  payload,
  kind,
  principal,
  id,
  ifMatch,
  write,
}: OperationArgs & {
  id: string
  ifMatch: string | null
  write: (args: { req?: PayloadRequest; current: object }) => Promise<T>
}): Promise<T> => {
  if (ifMatch === null) {
    const current = await findOwn({ payload, kind, principal, id })
    return stillOwn({ kind, id, write: () => write({ current }) })
  }
  // Not a record of this tenant, or no id at all: the 404 comes before any lock is taken.
  await findOwn({ payload, kind, principal, id })
  // Each Local API call below sets the principal as this request's user.
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    // The row is the tenant's: `findOwn` found it through the tenant's read access just above,
    // and finds it again under the lock, so a record moved away in between answers 404.
    await lockRecord({ req, collection: kind.collection, id })
    const current = await findOwn({ payload, kind, principal, id, req })
    const etag = await etagOfRecord({
      payload,
      kind,
      tenantId: principal.tenant.id,
      doc: current,
      req,
    })
    if (!matches({ header: ifMatch, etag })) {
      fail({
        status: 412,
        detail: `The ${kind.schema} has changed since the version your If-Match names: read it again.`,
        headers: { etag },
      })
    }
    const result = await stillOwn({ kind, id, write: () => write({ req, current }) })
    await commitTransaction(req)
    return result
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}
