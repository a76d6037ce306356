import type { FetchedFile } from '../types'
import { fail } from '../../../lib/partnerProblem'
import { findsByKeyOnly, timeStep } from '../../../lib/requestContext'
import { presentRecord } from '../records/present'
import { findOwn } from './findOwn'
import { resolvePolymorphic } from './resolvePolymorphic'
import { createData, insertRecord } from './insert'
import type { OperationArgs, PartnerRecord } from './types'

/** Creates a record in the principal's tenant and answers it as stored (hooks included). */
export const createRecord = async ({
  payload,
  kind,
  principal,
  body,
  file,
}: OperationArgs & { body: Record<string, unknown>; file?: FetchedFile }): Promise<{
  id: string
  record: PartnerRecord
}> => {
  const data = await timeStep('validate', () => createData({ kind, principal, body }))
  if (data.id !== undefined) {
    const { totalDocs } = await payload.count({
      collection: kind.collection,
      where: { id: { equals: data.id } },
      overrideAccess: true,
    })
    if (totalDocs > 0)
      fail({
        status: 409,
        type: 'conflict',
        detail: `A record with id "${String(data.id)}" already exists.`,
        errors: [{ field: 'id', message: 'Already exists.' }],
      })
  }
  await resolvePolymorphic({ payload, kind, principal, data })
  // The create answers what it stored (the presenter takes the kind's fields from it, as the
  // webhook message of this change does), unless a hook saves the record again after it (page
  // breadcrumbs); an upload's answer is its file's too, and is read back as it always was.
  const readBack =
    !kind.select || payload.collections[kind.collection]?.config.custom?.resavedAfterCreate === true
  const doc = await timeStep('store', () =>
    findsByKeyOnly(() =>
      insertRecord({ payload, kind, principal, data, ...(file ? { file } : {}) }),
    ),
  )
  const id = String(doc.id)
  const stored = readBack ? await findOwn({ payload, kind, principal, id }) : doc
  return {
    id,
    record: await timeStep('present', () =>
      presentRecord({ payload, kind, tenantId: principal.tenant.id, doc: stored }),
    ),
  }
}
