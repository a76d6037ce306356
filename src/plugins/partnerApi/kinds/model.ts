import type { Field, SanitizedConfig } from 'payload'

import { declaredKinds, type KindSpec } from './declared'
import { buildFieldModel, propertiesOf, type FieldModel } from './fieldSchema'
import type { JsonSchema } from '../../../lib/jsonSchema'

export type Kind = KindSpec &
  FieldModel & {
    /**
     * Top-level fields the server sets (timestamps, tenant, derived URLs, file facts): answered,
     * and ignored when a body sends them back. Derived once here for the validator and the
     * document alike.
     */
    serverSetFields: string[]
    /**
     * The columns a partner answer reads, for Payload's `select`: what `project` answers, and
     * `_status` (an update keeps a draft a draft). None for uploads, whose URLs and sizes
     * Payload derives from fields of its own.
     */
    select?: Record<string, true>
  }

/** Set by the server, answered but never taken from a body. */
const serverSetNames = new Set([
  'createdAt',
  'updatedAt',
  'tenant',
  'breadcrumbs',
  'url',
  'thumbnailURL',
  'filename',
  'mimeType',
  'filesize',
  'width',
  'height',
  'sizes',
])

const alwaysSetNames = new Set(['id', 'createdAt', 'updatedAt', 'tenant'])

const serverSet = (field: Field, path: string): boolean =>
  (!path.includes('.') && 'name' in field && serverSetNames.has(field.name)) ||
  Boolean(field.admin && 'readOnly' in field.admin && field.admin.readOnly)

const idField: Field = { name: 'id', type: 'text', admin: { description: 'Identifier (a UUID).' } }

const pickSchema = (schema: JsonSchema, names: readonly string[]): JsonSchema => {
  const properties = schema.properties ?? {}
  // In the order of `names`: the document lists a picked kind's properties as it names them.
  const kept = Object.fromEntries(
    names.flatMap((name) => {
      const property = properties[name]
      return property ? [[name, property] as const] : []
    }),
  )
  return {
    ...schema,
    properties: kept,
    ...(schema.required ? { required: schema.required.filter((n) => n in kept) } : {}),
  }
}

const selectOf = (kind: KindSpec & FieldModel): Record<string, true> | undefined =>
  kind.upload
    ? undefined
    : Object.fromEntries(
        [
          ...Object.entries(propertiesOf(kind.read))
            .filter(([, schema]) => schema.readOnly !== true)
            .map(([name]) => name),
          ...(kind.drafts ? ['_status'] : []),
        ]
          .filter((name) => name !== 'id')
          .map((name) => [name, true as const]),
      )

const withServerSet = (kind: KindSpec & FieldModel): Kind => {
  const writable = propertiesOf(kind.write)
  const select = selectOf(kind)
  return {
    ...kind,
    serverSetFields: Object.keys(propertiesOf(kind.read)).filter(
      (name) => !(name in writable) && name !== 'id',
    ),
    ...(select ? { select } : {}),
  }
}

const buildKind = ({ spec, config }: { spec: KindSpec; config: SanitizedConfig }): Kind => {
  const collection = config.collections.find((c) => c.slug === spec.collection)
  if (!collection) throw new Error(`partner kind ${spec.path}: no collection ${spec.collection}`)
  const fields = [idField, ...(collection.fields as Field[])]
  const built = buildFieldModel({
    fields,
    options: { serverSet, alwaysSet: (path) => alwaysSetNames.has(path) },
  })
  // Ids are UUIDs: a filter on anything else is refused before it reaches the database.
  const model = {
    ...built,
    leaves: built.leaves.map((leaf) =>
      leaf.path === 'id' ? { ...leaf, type: 'ref' as const } : leaf,
    ),
  }
  const uuid: JsonSchema = {
    type: 'string',
    format: 'uuid',
    description: 'Identifier (a UUID). Give your own to make a retried create safe.',
  }
  const write: JsonSchema = {
    ...model.write,
    properties: { ...model.write.properties, id: uuid },
  }
  if (!spec.pick) return withServerSet({ ...spec, ...model, write })
  const pick = spec.pick
  return withServerSet({
    ...spec,
    ...model,
    write,
    read: pickSchema(model.read, pick),
    leaves: model.leaves.filter((leaf) => pick.includes(leaf.path.split('.')[0] ?? '')),
    project: (doc) => {
      const full = model.project(doc)
      return Object.fromEntries(pick.map((name) => [name, full[name] ?? null]))
    },
  })
}

const built = new WeakMap<SanitizedConfig, Map<string, Kind>>()

/**
 * The partner model of a sanitised configuration, by path, built once per configuration. It
 * needs the configuration only (a running Payload has one), so the document can be generated
 * without a database.
 */
export const partnerKinds = ({ config }: { config: SanitizedConfig }): Map<string, Kind> => {
  let kinds = built.get(config)
  if (!kinds) {
    kinds = new Map(
      declaredKinds(config.collections).map((spec) => [spec.path, buildKind({ spec, config })]),
    )
    built.set(config, kinds)
  }
  return kinds
}
