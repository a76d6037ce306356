import { noCounts, type ExecuteSync } from '../types'

/** Runs one sync of a connection: read the provider, plan, and (unless a dry run) write. */
export const executeSync: ExecuteSync = async () => ({
  status: 'failed',
  counts: noCounts(),
  errors: [],
  plan: [],
  message: 'The sync engine is not built yet.',
})
