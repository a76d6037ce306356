import { partnerOptions } from '../options'
import { isUuid } from '../../../lib/uuid'
import { presentRecord } from '../records/present'
import { readPlan } from '../reads/plan'
import { readOne } from '../reads/read'
import { findOwn, missingRecord } from './findOwn'
import type { OperationArgs, PartnerRecord } from './types'
import type { ReadVersion } from '../reads/version'

/**
 * The tenant's record in the version asked for, from the kind's own SQL when it has a plan,
 * else through Payload.
 */
export const retrieveRecord = async (
  args: OperationArgs & { id: string; version: ReadVersion },
): Promise<PartnerRecord> => {
  const { payload, kind, principal, id, version } = args
  const plan = partnerOptions(payload.config).sqlReads
    ? readPlan({ payload, kind, version })
    : undefined
  const tenantId = principal.tenant.id
  const own =
    plan && isUuid(id) ? await readOne({ payload, plan, kind, version, principal, id }) : undefined
  // `undefined`: no plan, or conditions past its table: Payload reads it (a non-UUID is missing).
  const doc = own === undefined ? await findOwn(args) : (own ?? missingRecord({ kind, id }))
  return presentRecord({ payload, kind, tenantId, doc })
}
