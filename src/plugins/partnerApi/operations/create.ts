import { detectingConflicts } from '../../../lib/uniquenessConflicts'
import { tenantLanguageContext } from '../../../lib/searchLanguages'
import type { FetchedFile } from '../types'
import { fail } from '../../../lib/partnerProblem'
import { validateBody } from './validate'
import { fromMarkdown } from '../richText/markdownInput'
import { presentRecord } from '../records/present'
import { findOwn } from './findOwn'
import { resolvePolymorphic } from './resolvePolymorphic'
import { actingAs, type OperationArgs, type PartnerRecord } from './types'

/** Creates a record in the principal's tenant and answers it as stored (hooks included). */
export const createRecord = async ({
  payload,
  kind,
  principal,
  body,
  file,
}: OperationArgs & { body: Record<string, unknown>; file?: FetchedFile }): Promise<{
  id: string
  record: PartnerRecord
}> => {
  const data = validateBody({
    kind,
    body: await fromMarkdown({ kind, body, owner: principal.tenant.id }),
    partial: false,
  })
  if (data.id !== undefined) {
    const { totalDocs } = await payload.count({
      collection: kind.collection,
      where: { id: { equals: data.id } },
      overrideAccess: true,
    })
    if (totalDocs > 0)
      fail({
        status: 409,
        type: 'conflict',
        detail: `A record with id "${String(data.id)}" already exists.`,
        errors: [{ field: 'id', message: 'Already exists.' }],
      })
  }
  await resolvePolymorphic({ payload, kind, principal, data })
  const options = {
    collection: kind.collection,
    data: { ...data, tenant: principal.tenant.id },
    depth: 0,
    ...(file ? { file } : {}),
    ...actingAs(principal),
  }
  const draft = kind.drafts && data._status !== 'published'
  // The create answers what it stored (the presenter takes the kind's fields from it, as the
  // webhook message of this change does), unless a hook saves the record again after it (page
  // breadcrumbs); an upload's answer is its file's too, and is read back as it always was.
  const readBack =
    !kind.select || payload.collections[kind.collection]?.config.custom?.resavedAfterCreate === true
  const known = tenantLanguageContext({
    tenant: String(principal.tenant.id),
    language: principal.tenant.language,
  })
  const doc = await detectingConflicts((context) =>
    payload.create({
      ...options,
      context: { ...context, ...known },
      ...(draft ? { draft: true } : {}),
    }),
  )
  const id = String(doc.id)
  const stored = readBack ? await findOwn({ payload, kind, principal, id }) : doc
  return {
    id,
    record: await presentRecord({ payload, kind, tenantId: principal.tenant.id, doc: stored }),
  }
}
