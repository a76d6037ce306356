import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto'

/** What a cursor is bound to: the installation's secret and the tenant whose feed it reads. */
export type CursorScope = { secret: string; tenant: string }

/** Version mark of the current encoding (the first, `v1:`, was the plain sequence). */
const current = '2'

const keysOf = (secret: string) => ({
  cipher: createHmac('sha256', secret).update('change-cursor:cipher').digest(),
  tag: createHmac('sha256', secret).update('change-cursor:tag').digest(),
})

const tagOf = ({ key, tenant, seq }: { key: Buffer; tenant: string; seq: bigint }): Buffer =>
  createHmac('sha256', key).update(`${tenant}:${seq}`).digest().subarray(0, 8)

/**
 * A position in a tenant's change log, opaque to partners: the log's sequence is global, so
 * its gaps would count other tenants' writes. The sequence and a tag of the tenant are one
 * AES block, enciphered: a cursor reveals nothing, is the same for the same position (answers
 * stay cacheable), and one made for another tenant, or by hand, does not decode.
 */
export const encodeCursor = ({ seq, secret, tenant }: CursorScope & { seq: number }): string => {
  const keys = keysOf(secret)
  const position = BigInt(seq)
  const block = Buffer.alloc(16)
  block.writeBigUInt64BE(position, 0)
  tagOf({ key: keys.tag, tenant, seq: position }).copy(block, 8)
  const cipher = createCipheriv('aes-256-ecb', keys.cipher, null).setAutoPadding(false)
  return current + Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url')
}

/** The sequence a cursor stands for in this tenant's feed, or undefined when it is not one. */
export const decodeCursor = ({
  cursor,
  secret,
  tenant,
}: CursorScope & { cursor: string }): number | undefined => {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  if (!cursor.startsWith(current) || cursor.length !== 23) return undefined
  const sealed = Buffer.from(cursor.slice(1), 'base64url')
  if (sealed.length !== 16) return undefined
  const keys = keysOf(secret)
  const decipher = createDecipheriv('aes-256-ecb', keys.cipher, null).setAutoPadding(false)
  const block = Buffer.concat([decipher.update(sealed), decipher.final()])
  const position = block.readBigUInt64BE(0)
  const expected = tagOf({ key: keys.tag, tenant, seq: position })
  if (!timingSafeEqual(expected, block.subarray(8))) return undefined
  return position <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(position) : undefined
}

/**
 * A cursor of the first, plain encoding (`v1:<sequence>`). It is not read any more: anyone can
 * write one, and the answers to a made-up sequence would tell the global sequence the sealed
 * cursors hide. Its feed answers 410, as for a cursor past the retention: read again in full.
 */
export const isRetiredCursor = (cursor: string): boolean =>
  cursor.length <= 64 &&
  /^[A-Za-z0-9_-]+$/.test(cursor) &&
  /^v1:\d{1,15}$/.test(Buffer.from(cursor, 'base64url').toString('utf8'))
