import { detectingConflicts } from '../../../lib/uniquenessConflicts'
import { fail } from '../../../lib/partnerProblem'
import { validateBody } from './validate'
import { fromMarkdown } from '../richText/markdownInput'
import { presentRecord } from '../records/present'
import { ifStillMatching } from './ifMatch'
import { resolvePolymorphic } from './resolvePolymorphic'
import { actingAs, type OperationArgs, type PartnerRecord } from './types'

/** How a save of a draft kind's record treats its published version. */
export type SaveMode = {
  /** `draft=true`: save a draft version, whatever the body's `_status` would do. */
  draft: boolean
  /** `unpublish=true`: withdraw the published version; the record stays, as a draft. */
  unpublish: boolean
}

/** Whether the save writes a new draft version only: the published one stays live. */
const savesDraft = ({
  asked,
  status,
  mode,
}: {
  /** The body's `_status`, if it has one. */
  asked: unknown
  /** What the save keeps: the body's `_status`, else the latest version's. */
  status: unknown
  mode: SaveMode
}): boolean => {
  if (mode.unpublish && asked === 'published')
    fail({
      status: 400,
      detail: '"unpublish=true" withdraws the published version; the body cannot publish it too.',
      errors: [{ field: '_status', message: 'Not "published" with unpublish=true.' }],
    })
  if (mode.draft && (mode.unpublish || asked === 'published'))
    fail({
      status: 400,
      detail: '"draft=true" saves a draft; it cannot publish or unpublish too.',
      errors: [{ field: 'draft', message: 'Not with unpublish=true or "_status": "published".' }],
    })
  return !mode.unpublish && (mode.draft || status !== 'published')
}

/**
 * Changes the fields a body names. Of a draft kind: `"_status": "published"` publishes; a body
 * that says `"draft"`, or `draft=true`, saves a new draft version and the published one stays
 * live until it is published; a body that says neither keeps what the latest version is;
 * `unpublish=true` withdraws the published version.
 */
export const updateRecord = async ({
  payload,
  kind,
  principal,
  id,
  body,
  ifMatch = null,
  mode = { draft: false, unpublish: false },
}: OperationArgs & {
  id: string
  body: Record<string, unknown>
  /** The partner's `If-Match`: the write happens only while the record still has that tag. */
  ifMatch?: string | null
  mode?: SaveMode
}): Promise<PartnerRecord> => {
  // Converted before the record is locked: the conversion may take its whole time budget.
  const converted = await fromMarkdown({ kind, body, owner: principal.tenant.id })
  const doc = await ifStillMatching({
    payload,
    kind,
    principal,
    id,
    ifMatch,
    write: async ({ req, current }) => {
      if (body.id !== undefined && body.id !== id) {
        fail({
          status: 400,
          detail: 'The body\'s "id" differs from the one in the path.',
          errors: [{ field: 'id', message: 'Must equal the path id.' }],
        })
      }
      const { id: _ignored, ...data } = validateBody({
        kind,
        body: converted,
        partial: true,
      })
      await resolvePolymorphic({ payload, kind, principal, data, req })
      const status = data._status ?? Reflect.get(current, '_status')
      const draft = kind.drafts && savesDraft({ asked: data._status, status, mode })
      if (kind.drafts && mode.unpublish) data._status = 'draft'
      return detectingConflicts((context) =>
        payload.update({
          collection: kind.collection,
          id,
          data,
          depth: 0,
          draft,
          context,
          ...actingAs(principal, req),
        }),
      )
    },
  })
  return presentRecord({ payload, kind, tenantId: principal.tenant.id, doc })
}
