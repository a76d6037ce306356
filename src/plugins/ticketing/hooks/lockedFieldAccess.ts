import type { CollectionConfig, Field, FieldAccess } from 'payload'

import { sameValue } from '../engine/plan'
import { valueAt } from '../engine/state'
import { fieldOwnership } from '../ownership'
import { providerLabels } from '../defaults'
import type { SyncProviderName, SyncedKind } from '../types'
import { storedLocks } from './storedLocks'

type Doc = Record<string, unknown>

/**
 * Whether an editor may change `path` of a stored record: not while only the sync may. The
 * admin asks this to show the field read-only. A write that does change a locked value is let
 * through here, so that the lock hook answers it with a 400 naming the field (Payload would
 * otherwise drop the value silently); an unchanged value is dropped, which changes nothing.
 */
const editableUnlessLocked =
  ({ kind, path }: { kind: SyncedKind; path: string }): FieldAccess =>
  async ({ req, doc, data }) => {
    if (!doc) return true
    const next = valueAt(data, path)
    if (next !== undefined && !sameValue(next, valueAt(doc, path))) return true
    const locks = await storedLocks({ req, kind, doc: doc as Doc })
    return !locks.paths.includes(path)
  }

/** The providers that own a path of a kind, for the words the admin and the document show. */
const ownersOf = ({ kind, path }: { kind: SyncedKind; path: string }): string[] =>
  (Object.keys(fieldOwnership) as SyncProviderName[])
    .filter((provider) => fieldOwnership[provider][kind].provider.includes(path))
    .map((provider) => providerLabels[provider])

const lockWords = (owners: string[]): string =>
  `Kept by the ${owners.join(' or ')} sync while the event is sync-connected.`

/** `fields` with the lock on every provider-owned path, at any depth through groups and layout. */
const lockFields = ({
  kind,
  fields,
  prefix,
}: {
  kind: SyncedKind
  fields: Field[]
  prefix: string
}): Field[] =>
  fields.map((field): Field => {
    if (field.type === 'tabs')
      return {
        ...field,
        tabs: field.tabs.map((tab) =>
          'name' in tab && tab.name
            ? {
                ...tab,
                fields: lockFields({ kind, fields: tab.fields, prefix: `${prefix}${tab.name}.` }),
              }
            : { ...tab, fields: lockFields({ kind, fields: tab.fields, prefix }) },
        ),
      }
    if (!('name' in field)) {
      return 'fields' in field
        ? ({ ...field, fields: lockFields({ kind, fields: field.fields, prefix }) } as Field)
        : field
    }
    const path = `${prefix}${field.name}`
    if (field.type === 'group')
      return { ...field, fields: lockFields({ kind, fields: field.fields, prefix: `${path}.` }) }
    const owners = ownersOf({ kind, path })
    if (owners.length === 0 || field.type === 'ui') return field
    const said = (field.admin as { description?: unknown } | undefined)?.description
    return {
      ...field,
      access: { ...field.access, update: editableUnlessLocked({ kind, path }) },
      admin: {
        ...field.admin,
        description: typeof said === 'string' ? `${said} ${lockWords(owners)}` : lockWords(owners),
      },
    } as Field
  })

/**
 * Events' and performances' box-office fields, shown read-only in the admin while the sync
 * owns them, and described as such there and in the partner API's document.
 */
export const withLockedFields = (collection: CollectionConfig): CollectionConfig => {
  const kind = collection.slug as SyncedKind
  if (kind !== 'events' && kind !== 'event-instances') return collection
  return { ...collection, fields: lockFields({ kind, fields: collection.fields, prefix: '' }) }
}
