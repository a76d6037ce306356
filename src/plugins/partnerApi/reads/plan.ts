import type { FlattenedField, Payload } from 'payload'

import { collectionTable } from '../../../db/postgres'
import type { Kind } from '../kinds/model'
import type { ReadVersion } from '../operations/version'

/** How a stored value becomes what Payload answers for it. */
export type ColumnKind = 'date' | 'number' | 'plain'

/**
 * One column of a partner answer: where its value goes in the document Payload would give, and
 * whether it references another record (Payload's `not_in` then keeps the empty ones).
 */
export type PlannedColumn = { path: string[]; column: string; kind: ColumnKind; reference: boolean }

/**
 * How a kind's partner reads run as SQL of their own: every field a partner answer holds is a
 * column of one table (no arrays, blocks, has-many or polymorphic relationships, locales, or
 * hooks and access of their own), so a page is one statement and its count another, built
 * from strings prepared once. A kind with anything else has no plan: Payload reads it.
 */
export type ReadPlan = {
  /**
   * Quoted: the collection's table, or for the latest version of a kind with drafts its
   * versions table (a draft save writes there only: the collection's table keeps what is
   * published).
   */
  table: string
  /**
   * The version's condition on every row, or `TRUE`: the latest row of the versions table (the
   * others are history), or a published row of the collection's table.
   */
  versionScope: string
  /** Quoted columns: the record's id, its tenant. */
  id: string
  tenant: string
  columns: PlannedColumn[]
  /** `id` and the columns as `c0`, `c1`…, in the order of `columns`. */
  selectList: string
  /** The column of each filterable and sortable dotted path (`id` included). */
  byPath: Map<string, PlannedColumn>
}

/** Field types whose value is one column, as Payload's adapter stores them. */
const scalarKinds: Partial<Record<FlattenedField['type'], ColumnKind>> = {
  text: 'plain',
  textarea: 'plain',
  email: 'plain',
  code: 'plain',
  checkbox: 'plain',
  json: 'plain',
  // At depth 0 the editor's read hooks hand the stored state back as it is (sql-reads.test.ts).
  richText: 'plain',
  radio: 'plain',
  select: 'plain',
  number: 'number',
  date: 'date',
  relationship: 'plain',
  upload: 'plain',
}

type Column = { name: string }

/** The field's columns, or `undefined` when any part of it is more than a column. */
const columnsOf = ({
  field,
  path,
  key,
  table,
}: {
  field: FlattenedField
  path: string[]
  key: string
  table: Record<string, Column>
}): PlannedColumn[] | undefined => {
  const own = field as FlattenedField & {
    hidden?: boolean
    localized?: boolean
    virtual?: unknown
    hasMany?: boolean
    relationTo?: unknown
    access?: { read?: unknown }
    hooks?: { afterRead?: unknown[] }
  }
  if (own.hidden || own.localized || own.virtual || own.access?.read) return undefined
  if (own.hooks?.afterRead?.length) return undefined
  if (field.type === 'group' || field.type === 'tab') {
    if (!('flattenedFields' in field)) return undefined
    const inner: PlannedColumn[] = []
    for (const child of field.flattenedFields) {
      const found = columnsOf({
        field: child,
        path: [...path, child.name],
        key: `${key}_${child.name}`,
        table,
      })
      if (!found) return undefined
      inner.push(...found)
    }
    return inner
  }
  const kind = scalarKinds[field.type]
  if (!kind || own.hasMany) return undefined
  if (
    (field.type === 'relationship' || field.type === 'upload') &&
    typeof own.relationTo !== 'string'
  )
    return undefined
  const column = table[key]
  if (!column) return undefined
  return [
    {
      path,
      column: `"${column.name}"`,
      kind,
      reference: field.type === 'relationship' || field.type === 'upload',
    },
  ]
}

/** A kind read in one version. */
type PlanOf = { payload: Payload; kind: Kind; version: ReadVersion }

const buildPlan = ({ payload, kind, version }: PlanOf): ReadPlan | undefined => {
  if (kind.upload || !kind.select) return undefined
  const collection = payload.collections[kind.collection]?.config
  if (!collection || collection.hooks.afterRead.length > 0) return undefined
  const versions = kind.drafts && version === 'latest'
  const table = collectionTable({ payload, collection: kind.collection, versions })
  if (!table) return undefined
  const { columns } = table
  const prefix = versions ? 'version_' : ''
  const planned: PlannedColumn[] = []
  for (const name of Object.keys(kind.select)) {
    const field = collection.flattenedFields.find((f) => 'name' in f && f.name === name)
    if (!field) return undefined
    const found = columnsOf({ field, path: [name], key: `${prefix}${name}`, table: columns })
    if (!found) return undefined
    planned.push(...found)
  }
  const id = columns[versions ? 'parent' : 'id']
  const tenant = table.field('tenant')
  const status = table.field('_status')
  if (!id || !tenant || (versions && !columns.latest) || (kind.drafts && !status)) return undefined
  const idColumn: PlannedColumn = {
    path: ['id'],
    column: `"${id.name}"`,
    kind: 'plain',
    reference: false,
  }
  const byPath = new Map<string, PlannedColumn>([['id', idColumn]])
  for (const column of planned) byPath.set(column.path.join('.'), column)
  return {
    table: `"${table.name}"`,
    versionScope: versions ? 'latest = TRUE' : kind.drafts ? `"${status}" = 'published'` : 'TRUE',
    id: idColumn.column,
    tenant: `"${tenant}"`,
    columns: planned,
    selectList: [
      `${idColumn.column} AS id`,
      ...planned.map((column, i) => `${column.column} AS c${i}`),
    ].join(', '),
    byPath,
  }
}

const plans = new WeakMap<Kind, Map<ReadVersion, ReadPlan | null>>()

/**
 * The kind's plan for a version, worked out once per kind and version; `undefined` when
 * Payload must read it.
 */
export const readPlan = ({ payload, kind, version }: PlanOf): ReadPlan | undefined => {
  const byVersion = plans.get(kind) ?? new Map<ReadVersion, ReadPlan | null>()
  plans.set(kind, byVersion)
  let plan = byVersion.get(version)
  if (plan === undefined) {
    plan = buildPlan({ payload, kind, version }) ?? null
    byVersion.set(version, plan)
  }
  return plan ?? undefined
}
