import { rememberedJson } from './remembered'

const opening = Buffer.from('{"docs":[')
const comma = Buffer.from(',')

/**
 * The UTF-8 bytes of `JSON.stringify(value)` for an answer whose `docs` list holds remembered
 * records (`remembered.ts`), their JSON copied as it was made and encoded instead of made and
 * encoded again; `undefined` for any other value. The same bytes: a remembered record is
 * frozen and its JSON was made from it.
 */
export const answerBytes = (value: unknown): Buffer | undefined => {
  if (value === null || typeof value !== 'object' || 'toJSON' in value) return undefined
  const { docs } = value as { docs?: unknown }
  if (!Array.isArray(docs) || !docs.some((doc) => rememberedOf(doc) !== undefined)) return undefined
  // `docs` first, as the object holds it, then the rest in its own order.
  if (Object.keys(value)[0] !== 'docs') return undefined
  const rest = JSON.stringify({ ...value, docs: undefined })
  const parts: Buffer[] = [opening]
  docs.forEach((doc, i) => {
    if (i > 0) parts.push(comma)
    parts.push(rememberedOf(doc) ?? Buffer.from(JSON.stringify(doc) ?? 'null'))
  })
  parts.push(Buffer.from(rest === '{}' ? ']}' : `],${rest.slice(1)}`))
  let size = 0
  for (const part of parts) size += part.length
  // Storage of its own: a small Buffer.from shares an 8 KB pool block it would keep alive.
  const bytes = Buffer.allocUnsafeSlow(size)
  let at = 0
  for (const part of parts) at += part.copy(bytes, at)
  return bytes
}

const rememberedOf = (doc: unknown): Buffer | undefined =>
  doc !== null && typeof doc === 'object' ? rememberedJson(doc) : undefined
