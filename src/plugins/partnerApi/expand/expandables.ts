import type { Field, SanitizedConfig, Where } from 'payload'

import { fieldsAtLevel, innerOf } from '../../../fields/walkFields'
import { partnerKinds, type Kind } from '../kinds/model'

/** How many performances (or other joined records) one record answers inline at most. */
export const joinedPerRecord = 20

/** Dotted paths of expansion: at most this many references from the record read. */
export const expandDepth = 2

/**
 * A name `expand` takes on a kind: a reference field whose target is a partner kind (answered
 * in place of its id), or a join (the records of another kind that point at this one, bounded
 * and ordered, under a property of its own).
 */
export type Expandable =
  | {
      type: 'reference'
      name: string
      /** The field's dotted path in the partner shape (inside groups and named tabs). */
      path: string[]
      target: string
      many: boolean
    }
  | {
      type: 'join'
      name: string
      target: string
      /** The target's reference back to this kind. */
      on: string
      /** Ascending sort of the target, and the field "from now" applies to. */
      sort: string
      /** What else a joined record must be: only what a website lists. */
      visible: Where
    }

/**
 * The joins, by kind path: what a "what's on" page shows of a record. Only upcoming visible
 * performances (`hidden` off, `startDate` from now), first first. Seasons and series have no
 * join: their events are a list of their own (`/events?where[season][equals]=<id>`).
 */
const performances = {
  target: 'event-instances',
  sort: 'startDate',
  visible: { hidden: { not_equals: true } },
}

const joins: Record<string, Omit<Extract<Expandable, { type: 'join' }>, 'type'>[]> = {
  events: [{ name: 'performances', on: 'event', ...performances }],
  venues: [{ name: 'performances', on: 'venue', ...performances }],
}

type Reference = Extract<Expandable, { type: 'reference' }>

const isHidden = (field: Field): boolean => 'hidden' in field && field.hidden === true

/** The reference fields of `fields`, through groups and named tabs (not arrays or blocks). */
const referencesIn = ({
  fields,
  prefix,
  kindOf,
}: {
  fields: readonly Field[]
  prefix: string[]
  kindOf: (collection: string) => string | undefined
}): Reference[] =>
  fieldsAtLevel({ fields, skip: isHidden }).flatMap((entry): Reference[] => {
    const path = [...prefix, entry.name]
    const inner = innerOf(entry)
    if (inner)
      return inner.shape === 'object'
        ? referencesIn({ fields: inner.fields, prefix: path, kindOf })
        : []
    if (entry.kind !== 'field') return []
    const { field } = entry
    if (field.type !== 'relationship' && field.type !== 'upload') return []
    // A polymorphic reference answers only an id: which kind it names is not in the answer.
    if (typeof field.relationTo !== 'string') return []
    const target = kindOf(field.relationTo)
    if (!target) return []
    return [{ type: 'reference', name: path.join('.'), path, target, many: Boolean(field.hasMany) }]
  })

const built = new WeakMap<SanitizedConfig, Map<string, Map<string, Expandable>>>()

/**
 * What each kind may expand, by kind path and name, worked out once per configuration. A
 * reference names the kind of its collection whose path is the collection's slug, else the
 * first declared for it (`media`, not `files`).
 */
export const expandablesOf = ({
  config,
  kind,
}: {
  config: SanitizedConfig
  kind: Kind
}): Map<string, Expandable> => {
  let all = built.get(config)
  if (!all) {
    const kinds = [...partnerKinds({ config }).values()]
    const kindOf = (collection: string): string | undefined =>
      (
        kinds.find((k) => k.collection === collection && k.path === collection) ??
        kinds.find((k) => k.collection === collection)
      )?.path
    all = new Map(
      kinds.map((own) => {
        const collection = config.collections.find((c) => c.slug === own.collection)
        const references = referencesIn({
          fields: collection?.fields ?? [],
          prefix: [],
          kindOf,
        }).filter((ref) => !own.pick || own.pick.includes(ref.name.split('.')[0] ?? ''))
        const joined = (joins[own.path] ?? [])
          .filter((join) => partnerKinds({ config }).has(join.target))
          .map((join): Expandable => ({ type: 'join', ...join }))
        return [own.path, new Map([...references, ...joined].map((e) => [e.name, e]))]
      }),
    )
    built.set(config, all)
  }
  return all.get(kind.path) ?? new Map()
}
