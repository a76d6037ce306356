import type { Block, Field } from 'payload'

/** A field that holds data under its own name (not a row, a collapsible or an unnamed tab). */
export type NamedField = Extract<Field, { name: string }>

/**
 * What one level of a field tree holds once its layout is looked through: a named field, or a
 * named tab (an object of its fields, as a group is). Rows, collapsibles and unnamed tabs hold
 * no data of their own; their fields belong to the level they sit in.
 */
export type FieldEntry =
  | { kind: 'field'; name: string; field: NamedField }
  | { kind: 'tab'; name: string; fields: Field[] }

/** Where an entry's own fields are, one level down, and how its value holds them. */
export type Inner =
  /** A group or named tab: one object. */
  | { shape: 'object'; fields: Field[] }
  /** An array: a list of objects of these fields. */
  | { shape: 'rows'; fields: Field[] }
  /** Blocks: a list of objects, each of the block its `blockType` names. */
  | { shape: 'blocks'; blocks: Block[] }

const noSkip = (): boolean => false

/**
 * Each level is worked out once per fields array and `skip`: answers project every record
 * through it, and a configuration's fields do not change while it runs.
 */
const levels = new WeakMap<readonly Field[], Map<(field: Field) => boolean, FieldEntry[]>>()

/**
 * The named fields and named tabs at one level of `fields`, in order, through rows, collapsibles
 * and unnamed tabs. `skip` leaves a field out, with everything inside it (the schema leaves out
 * hidden fields; the hooks walk them all). The answer is shared: do not change it.
 */
export const fieldsAtLevel = ({
  fields,
  skip = noSkip,
}: {
  fields: readonly Field[]
  skip?: (field: Field) => boolean
}): readonly FieldEntry[] => {
  const bySkip = levels.get(fields) ?? new Map<(field: Field) => boolean, FieldEntry[]>()
  levels.set(fields, bySkip)
  const known = bySkip.get(skip)
  if (known) return known
  const found = fields.flatMap((field): FieldEntry[] => {
    if (skip(field)) return []
    if (field.type === 'tabs')
      return field.tabs.flatMap((tab): readonly FieldEntry[] =>
        'name' in tab && tab.name
          ? [{ kind: 'tab', name: tab.name, fields: tab.fields }]
          : fieldsAtLevel({ fields: tab.fields, skip }),
      )
    if ('name' in field) return [{ kind: 'field', name: field.name, field }]
    return 'fields' in field ? [...fieldsAtLevel({ fields: field.fields, skip })] : []
  })
  bySkip.set(skip, found)
  return found
}

/** The fields one level inside an entry, or nothing for a field that holds a value itself. */
export const innerOf = (entry: FieldEntry): Inner | undefined => {
  if (entry.kind === 'tab') return { shape: 'object', fields: entry.fields }
  const { field } = entry
  if (field.type === 'group') return { shape: 'object', fields: field.fields }
  if (field.type === 'array') return { shape: 'rows', fields: field.fields }
  if (field.type === 'blocks') return { shape: 'blocks', blocks: field.blocks }
  return undefined
}

/**
 * `fields` with `map` applied to every field at every depth, the tree's shape kept: a
 * container's fields are mapped before the container itself is.
 */
export const mapFields = ({
  fields,
  map,
}: {
  fields: readonly Field[]
  map: (field: Field) => Field
}): Field[] => fields.map((field) => map(mapInside({ field, map })))

const mapInside = ({ field, map }: { field: Field; map: (field: Field) => Field }): Field => {
  const inner = (fields: readonly Field[]): Field[] => mapFields({ fields, map })
  switch (field.type) {
    case 'tabs':
      return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: inner(tab.fields) })) }
    case 'blocks':
      return {
        ...field,
        blocks: field.blocks.map((block) => ({ ...block, fields: inner(block.fields) })),
      }
    case 'group':
      return { ...field, fields: inner(field.fields) }
    case 'array':
      return { ...field, fields: inner(field.fields) }
    case 'row':
      return { ...field, fields: inner(field.fields) }
    case 'collapsible':
      return { ...field, fields: inner(field.fields) }
    default:
      return field
  }
}
