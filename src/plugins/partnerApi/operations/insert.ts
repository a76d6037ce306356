import type { PayloadRequest } from 'payload'

import { knownTenantContext } from '../../../lib/knownTenant'
import { detectingConflicts } from '../../../lib/uniquenessConflicts'
import { fromMarkdown } from '../richText/markdownInput'
import type { FetchedFile } from '../types'
import { actingAs, type OperationArgs } from './types'
import { validateBody, type WriteData } from './validate'

/** A create body as the kind's schema takes it, Markdown converted: the stored data, or a 400. */
export const createData = async ({
  kind,
  principal,
  body,
}: Pick<OperationArgs, 'kind' | 'principal'> & {
  body: Record<string, unknown>
}): Promise<WriteData> =>
  validateBody({
    kind,
    body: await fromMarkdown({ kind, body, owner: principal.tenant.id }),
    partial: false,
  })

/**
 * One partner create through Payload, as the key's principal in its tenant: a draft unless it
 * says `published`, the tenant's settings (search language, time zone) known from the principal (no lookup), and a
 * taken unique value a 409. In `req`'s transaction when a batch holds one.
 */
export const insertRecord = ({
  payload,
  kind,
  principal,
  data,
  file,
  req,
}: OperationArgs & { data: WriteData; file?: FetchedFile; req?: PayloadRequest }) => {
  const options = {
    collection: kind.collection,
    data: { ...data, tenant: principal.tenant.id },
    depth: 0,
    ...(file ? { file } : {}),
    ...actingAs(principal, req),
  }
  const draft = kind.drafts && data._status !== 'published'
  const known = knownTenantContext({ ...principal.tenant, id: String(principal.tenant.id) })
  return detectingConflicts((context) =>
    payload.create({
      ...options,
      context: { ...context, ...known },
      ...(draft ? { draft: true } : {}),
    }),
  )
}
