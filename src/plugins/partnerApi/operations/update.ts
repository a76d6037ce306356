import { detectingConflicts } from '../../../lib/uniquenessConflicts'
import { fail } from '../problems'
import { validateBody } from '../validate'
import { findOwn } from './findOwn'
import { resolvePolymorphic } from './resolvePolymorphic'
import { actingAs, type OperationArgs, type PartnerRecord } from './types'

/** Changes the fields a body names; a draft kind stays a draft unless the body publishes it. */
export const updateRecord = async ({
  payload,
  kind,
  principal,
  id,
  body,
}: OperationArgs & { id: string; body: Record<string, unknown> }): Promise<PartnerRecord> => {
  const current = await findOwn({ payload, kind, principal, id })
  if (body.id !== undefined && body.id !== id) {
    fail({
      status: 400,
      detail: 'The body\'s "id" differs from the one in the path.',
      errors: [{ field: 'id', message: 'Must equal the path id.' }],
    })
  }
  const { id: _ignored, ...data } = validateBody({ kind, body, partial: true })
  await resolvePolymorphic({ payload, kind, principal, data })
  const status = data._status ?? Reflect.get(current, '_status')
  const doc = await detectingConflicts((context) =>
    payload.update({
      collection: kind.collection,
      id,
      data,
      depth: 0,
      draft: kind.drafts && status !== 'published',
      context,
      ...actingAs(principal),
    }),
  )
  return kind.project(doc)
}
