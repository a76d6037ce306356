import { partnerOptions } from '../options'
import { isUuid } from '../query'
import { readPlan } from '../sqlReads/plan'
import { readOne } from '../sqlReads/read'
import { findOwn, missingRecord } from './findOwn'
import type { OperationArgs, PartnerRecord } from './types'

/** The tenant's record, from the kind's own SQL when it has a plan, else through Payload. */
export const retrieveRecord = async (
  args: OperationArgs & { id: string },
): Promise<PartnerRecord> => {
  const { payload, kind, principal, id } = args
  const plan = partnerOptions(payload.config).sqlReads ? readPlan({ payload, kind }) : undefined
  if (!plan) return kind.project(await findOwn(args))
  const doc = isUuid(id)
    ? await readOne({ payload, plan, tenantId: principal.tenant.id, id })
    : undefined
  return doc ? kind.project(doc) : missingRecord({ kind, id })
}
