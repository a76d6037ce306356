import type { Block, Field } from 'payload'

type Data = Record<string, unknown>

/** A named field met in a document, with the object that holds its value. */
export type FieldVisit = {
  field: Extract<Field, { name: string }>
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
  for (const field of fields) {
    if (field.type === 'tabs') {
      for (const tab of field.tabs) {
        const named = 'name' in tab && tab.name ? tab.name : undefined
        eachFieldValue({
          fields: tab.fields,
          data: named ? data[named] : data,
          visit,
          prefix: named ? `${prefix}${named}.` : prefix,
          block,
        })
      }
      continue
    }
    if (!('name' in field)) {
      if ('fields' in field) eachFieldValue({ fields: field.fields, data, visit, prefix, block })
      continue
    }
    const path = `${prefix}${field.name}`
    if (visit({ field, holder: data, path, ...(block ? { block } : {}) }) === 'skip') continue
    const value = data[field.name]
    if (field.type === 'group') {
      eachFieldValue({ fields: field.fields, data: value, visit, prefix: `${path}.`, block })
    } else if (field.type === 'array' && Array.isArray(value)) {
      value.forEach((row, i) =>
        eachFieldValue({ fields: field.fields, data: row, visit, prefix: `${path}.${i}.`, block }),
      )
    } else if (field.type === 'blocks' && Array.isArray(value)) {
      value.forEach((row: unknown, i) => {
        const inner = isData(row) ? field.blocks.find((b) => b.slug === row.blockType) : undefined
        if (inner)
          eachFieldValue({
            fields: inner.fields,
            data: row,
            visit,
            prefix: `${path}.${i}.`,
            block: inner,
          })
      })
    }
  }
}
