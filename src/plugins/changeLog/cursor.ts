/**
 * A position in a tenant's change log, opaque to partners: they pass back what they were given.
 * Versioned so the encoding can change without breaking cursors in the wild.
 */
export const encodeCursor = (seq: number): string =>
  Buffer.from(`v1:${String(seq)}`).toString('base64url')

/** The sequence a cursor stands for, or undefined when it is not one of ours. */
export const decodeCursor = (cursor: string): number | undefined => {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  const match = /^v1:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match?.[1]) return undefined
  const seq = Number(match[1])
  return Number.isSafeInteger(seq) ? seq : undefined
}
