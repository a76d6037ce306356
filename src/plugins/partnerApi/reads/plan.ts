import { getTableColumns } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn, PgTable } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { CollectionSlug, FlattenedField, Payload } from 'payload'

import { collectionTableName, postgresOf } from '../../../db/postgres'
import type { Kind } from '../kinds/model'
import type { ReadVersion } from './version'

/** How a stored value becomes what Payload answers for it. */
export type ColumnKind = 'date' | 'number' | 'plain'

/** One column of a partner answer: where its value goes in the document Payload would give. */
export type PlannedColumn = {
  path: string[]
  key: string
  kind: ColumnKind
  /** The column's name in its table. */
  name: string
}

/**
 * Which kinds' partner reads skip Payload's `find` and its per-document read hooks: those whose
 * every field a partner answer holds is a column of one table (no arrays, blocks, has-many or
 * polymorphic relationships, locales, or hooks and access of their own), so a page is one
 * statement and its count another. Their conditions, order, drafts and tenant scope are still
 * Payload's (`read.ts`); the plan only says which columns hold the answer. A kind with
 * anything else has no plan: Payload reads it.
 */
export type ReadPlan = {
  collection: CollectionSlug
  /** Whether the versions table is read: the latest version of a kind with drafts. */
  versions: boolean
  columns: PlannedColumn[]
  /** The id's column, then each of `columns`, quoted as the adapter names them: a SELECT list. */
  selectList: string
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
  table: Record<string, unknown>
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
  const column = table[key] as { name: string } | undefined
  return column ? [{ path, key, kind, name: column.name }] : undefined
}

/** A kind read in one version. */
type PlanOf = { payload: Payload; kind: Kind; version: ReadVersion }

const buildPlan = ({ payload, kind, version }: PlanOf): ReadPlan | undefined => {
  if (kind.upload || !kind.select) return undefined
  const collection = payload.collections[kind.collection]?.config
  if (!collection || collection.hooks.afterRead.length > 0) return undefined
  const versions = kind.drafts && version === 'latest'
  const name = collectionTableName({ payload, collection: kind.collection, versions })
  const found: PgTable | undefined = name ? postgresOf(payload).tables[name] : undefined
  if (!found) return undefined
  const table: Record<string, PgColumn> = getTableColumns(found)
  const prefix = versions ? 'version_' : ''
  const planned: PlannedColumn[] = []
  for (const name of Object.keys(kind.select)) {
    const field = collection.flattenedFields.find((f) => 'name' in f && f.name === name)
    if (!field) return undefined
    const columns = columnsOf({ field, path: [name], key: `${prefix}${name}`, table })
    if (!columns) return undefined
    planned.push(...columns)
  }
  const id = table[versions ? 'parent' : 'id']
  if (!id) return undefined
  return {
    collection: kind.collection,
    versions,
    columns: planned,
    selectList: [id, ...planned.map((column) => table[column.key]!)]
      .map((column) => `"${column.name}"`)
      .join(', '),
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
