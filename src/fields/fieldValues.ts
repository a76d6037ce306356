import type { Block, Field } from 'payload'

import { fieldsAtLevel, innerOf, type NamedField } from './walkFields'

type Data = Record<string, unknown>

/** A named field met in a document, with the object that holds its value. */
export type FieldVisit = {
  field: NamedField
  /** The object the value is a property of (`holder[field.name]`). */
  holder: Data
  /** Dotted, with row indexes: `layout.2.content`. */
  path: string
  /** The block whose fields hold it, for a field inside a block. */
  block?: Block
}

const isData = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Calls `visit` for every named field of `data` as `fields` declare it, through unnamed rows,
 * collapsibles and tabs, named tabs, groups, array rows and blocks (by `blockType`), a
 * container before what it holds; `visit` answering `'skip'` leaves a container's insides out.
 * Values that are not the shape their field says are passed over, so hostile data is walked,
 * never trusted, and the walk is as deep as the fields are, whatever the data's depth.
 */
export const eachFieldValue = ({
  fields,
  data,
  visit,
  prefix = '',
  block,
}: {
  fields: Field[]
  data: unknown
  visit: (found: FieldVisit) => void | 'skip'
  prefix?: string
  block?: Block
}): void => {
  if (!isData(data)) return
  for (const entry of fieldsAtLevel({ fields })) {
    const path = `${prefix}${entry.name}`
    if (
      entry.kind === 'field' &&
      visit({ field: entry.field, holder: data, path, ...(block ? { block } : {}) }) === 'skip'
    )
      continue
    const inner = innerOf(entry)
    const value = data[entry.name]
    if (inner?.shape === 'object') {
      eachFieldValue({ fields: inner.fields, data: value, visit, prefix: `${path}.`, block })
    } else if (inner?.shape === 'rows' && Array.isArray(value)) {
      value.forEach((row, i) =>
        eachFieldValue({ fields: inner.fields, data: row, visit, prefix: `${path}.${i}.`, block }),
      )
    } else if (inner?.shape === 'blocks' && Array.isArray(value)) {
      value.forEach((row: unknown, i) => {
        const found = isData(row) ? inner.blocks.find((b) => b.slug === row.blockType) : undefined
        if (found)
          eachFieldValue({
            fields: found.fields,
            data: row,
            visit,
            prefix: `${path}.${i}.`,
            block: found,
          })
      })
    }
  }
}
