import { detectingConflicts } from '../../../lib/uniquenessConflicts'
import { fail } from '../problems'
import { validateBody } from '../validate'
import { fromMarkdown } from '../richText/markdownInput'
import { presentRecord } from '../present'
import { ifStillMatching } from './ifMatch'
import { resolvePolymorphic } from './resolvePolymorphic'
import { actingAs, type OperationArgs, type PartnerRecord } from './types'

/** Changes the fields a body names; a draft kind stays a draft unless the body publishes it. */
export const updateRecord = async ({
  payload,
  kind,
  principal,
  id,
  body,
  ifMatch = null,
}: OperationArgs & {
  id: string
  body: Record<string, unknown>
  /** The partner's `If-Match`: the write happens only while the record still has that tag. */
  ifMatch?: string | null
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
      return detectingConflicts((context) =>
        payload.update({
          collection: kind.collection,
          id,
          data,
          depth: 0,
          draft: kind.drafts && status !== 'published',
          context,
          ...actingAs(principal, req),
        }),
      )
    },
  })
  return presentRecord({ payload, kind, tenantId: principal.tenant.id, doc })
}
