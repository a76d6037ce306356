import { sanitizeConfig, type Config, type DatabaseAdapterObj, type SanitizedConfig } from 'payload'

/** A database that is never opened: sanitising a configuration reads only its id type. */
const noDatabase: DatabaseAdapterObj = {
  name: 'none',
  defaultIDType: 'text',
  init: () => {
    throw new Error('A unit spec has no database.')
  },
}

/**
 * A configuration as Payload sanitises it, from only what a spec declares: the collections'
 * defaults, flattened fields and the rest are Payload's own, not a hand-made stub.
 */
export const sanitizedConfig = (config: Omit<Config, 'db' | 'secret'>): Promise<SanitizedConfig> =>
  sanitizeConfig({ secret: 'unit-spec', db: noDatabase, ...config })
