import { createHash } from 'node:crypto'

import { fieldOwnership } from '../ownership'

/** JSON with keys in order, so equal data hashes equally whatever order it was built in. */
const stable = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value ?? null)
}

/** A change to who owns what makes every record's hash new, so the next run writes again. */
const ownershipVersion = createHash('sha256').update(stable(fieldOwnership)).digest('hex')

/** What a record was synced from: its normalised provider data and the ownership map. */
export const sourceHash = (data: unknown): string =>
  createHash('sha256').update(ownershipVersion).update(stable(data)).digest('base64url')
