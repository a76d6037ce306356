import { findOwn } from './findOwn'
import type { OperationArgs, PartnerRecord } from './types'

export const retrieveRecord = async (
  args: OperationArgs & { id: string },
): Promise<PartnerRecord> => args.kind.project(await findOwn(args))
