import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  Plugin,
} from 'payload'

import { runPeriodically } from '../../lib/periodic'
import { readSettings } from '../../lib/settings'
import { declaredKinds } from '../partnerApi/exports/kinds'
import { pruneIntervalMs } from './defaults'
import { isLive, liveBefore, rememberLive } from './log/live'
import { pruneChangeLog } from './log/prune'
import { recordChange, type ChangeSubscriber } from './log/record'
import { isPublished } from '../../access/published'
import { namedHooks } from '../../lib/hookNames'

type Logging = { kind: string; subscribers: readonly ChangeSubscriber[]; drafts: boolean }

/** Fields no one outside sees (the search text): a save that changes only them is no news. */
const hiddenFields = new WeakMap<object, ReadonlySet<string>>()
const hiddenOf = (collection: {
  flattenedFields: readonly { hidden?: unknown; name?: string }[]
}) => {
  let names = hiddenFields.get(collection)
  if (!names) {
    names = new Set(collection.flattenedFields.filter((f) => f.hidden).map((f) => String(f.name)))
    hiddenFields.set(collection, names)
  }
  return names
}

const logChange =
  ({ kind, subscribers, drafts }: Logging): CollectionAfterChangeHook =>
  async ({ collection, doc, previousDoc, operation, req }) => {
    const hidden = hiddenOf(collection)
    const at = { req, collection: collection.slug, id: doc.id }
    // A create has just written its own table's row from `doc`, so its status is known
    // without reading it back; an update may have left that row alone (a draft save).
    const live = drafts
      ? {
          before: operation === 'update' && liveBefore(at),
          after: operation === 'create' ? isPublished(doc._status) : await isLive(at),
        }
      : undefined
    await recordChange({ req, kind, operation, doc, previousDoc, subscribers, hidden, live })
    return doc
  }

const logDelete =
  ({ kind, subscribers, drafts }: Logging): CollectionAfterDeleteHook =>
  async ({ doc, req }) => {
    // The deleted row is the record's own: its status is whether it was published.
    const live = drafts ? { before: isPublished(doc._status), after: false } : undefined
    await recordChange({ req, kind, operation: 'delete', doc, subscribers, live })
  }

const withLog = ({
  collection,
  subscribers,
}: {
  collection: CollectionConfig
  subscribers: readonly ChangeSubscriber[]
}): CollectionConfig => {
  // A collection shown as two kinds (media and files) logs once, under its first kind.
  const kind = declaredKinds([collection])[0]?.path
  if (!kind) return collection
  const drafts = Boolean(
    collection.versions && typeof collection.versions === 'object' && collection.versions.drafts,
  )
  const logging = { kind, subscribers, drafts }
  return {
    ...collection,
    hooks: {
      ...collection.hooks,
      beforeChange: [
        ...(collection.hooks?.beforeChange ?? []),
        ...(drafts ? namedHooks({ rememberLive }) : []),
      ],
      afterChange: [
        ...(collection.hooks?.afterChange ?? []),
        ...namedHooks({ logChange: logChange(logging) }),
      ],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), logDelete(logging)],
    },
  }
}

/**
 * Every create, update, publish, unpublish and delete of a partner kind's record appends one
 * entry to the change log, whatever made it (admin, partner API, seed, Local API), in the same
 * transaction. Entries older than the retention are pruned by a job in each app instance.
 * `subscribers` run in that transaction after each entry (the webhook queue is one).
 */
export const changeLog =
  ({ subscribers = [] }: { subscribers?: readonly ChangeSubscriber[] } = {}): Plugin =>
  (config) => ({
    ...config,
    collections: (config.collections ?? []).map((collection) =>
      withLog({ collection, subscribers }),
    ),
    onInit: async (payload) => {
      await config.onInit?.(payload)
      runPeriodically({
        name: 'change log pruning',
        everyMs: pruneIntervalMs,
        run: () => {
          // 0 keeps every entry.
          if (readSettings().changeLogRetentionDays === 0) return
          pruneChangeLog({ payload, retentionDays: readSettings().changeLogRetentionDays }).catch(
            (err: unknown) => payload.logger.warn({ err, msg: 'change log: pruning failed' }),
          )
        },
      })
    },
  })
