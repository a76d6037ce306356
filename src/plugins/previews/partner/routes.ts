import { fail, uuidPathParameter } from '../../partnerApi/exports/routes'
import type { PartnerRoute } from '../../partnerApi/exports/routes'
import { actorOf, makerOf } from '../../partnerShape'
import { previewKinds } from '../defaults'
import { createPreviewLink, type MadeLink } from '../links/create'
import { readLifetime } from '../links/lifetime'
import { revokePreviewLink } from '../links/revoke'
import { previewOptions } from '../options'
import { previewSchemas } from './schemas'

export const previewsTag = {
  name: 'Preview links',
  description:
    'Signed, expiring, revocable links that show one draft event or page to someone without a key or an account. Anyone holding the token reads that record’s latest version until the link expires or is revoked; nothing else.',
}

const common = {
  scope: 'write',
  tag: previewsTag,
  schemas: ({ config }) => previewSchemas(previewOptions(config)),
} satisfies Partial<PartnerRoute>

/** `POST /{tenant}/{kind}/{id}/preview-links` for one kind whose drafts can be shared. */
const createRoute = ([path, collection]: [
  string,
  (typeof previewKinds)[keyof typeof previewKinds],
]) =>
  ({
    ...common,
    method: 'POST',
    path: `/{tenant}/${path}/{id}/preview-links`,
    operationId: `create${path[0]!.toUpperCase()}${path.slice(1, -1)}PreviewLink`,
    summary: `Share a draft ${path.slice(0, -1)} with a preview link`,
    description: `Makes a link that lets someone without a key read this ${path.slice(0, -1)}’s latest version, drafts included (a record never published is the usual case), until it expires. The body is \`{}\` or \`{ "expiresInHours": n }\`.`,
    input: {
      params: { id: uuidPathParameter({ name: 'id', description: 'The record identifier.' }) },
      body: { type: 'json', schema: 'PreviewLinkCreate' },
    },
    operation: async ({ payload, principal, params, body }) => {
      const hours = readLifetime({ body, options: previewOptions(payload.config) })
      const id = params.id ?? ''
      const made = await createPreviewLink({
        payload,
        user: principal.user,
        maker: makerOf(actorOf({ user: principal.user })),
        collection,
        id,
        hours,
        tenant: principal.tenant.id,
      })
      return (
        made ?? fail({ status: 404, detail: `No ${path} record with id "${id}" in this tenant.` })
      )
    },
    success: { status: 201, description: 'Created', schema: 'PreviewLink' },
    errors: [400, 401, 403, 404, 413, 415, 429, 503],
  }) satisfies PartnerRoute<unknown, MadeLink>

/** The preview link routes, for `partnerApi({ routes })`. */
export const previewRoutes: readonly PartnerRoute[] = [
  ...Object.entries(previewKinds).map(createRoute),
  {
    ...common,
    method: 'DELETE',
    path: '/{tenant}/preview-links/{id}',
    operationId: 'revokePreviewLink',
    summary: 'Revoke a preview link',
    description:
      'The link stops working at once, everywhere. Revoking a revoked link is no error; a link that is not the tenant’s is 404.',
    input: {
      params: {
        id: uuidPathParameter({ name: 'id', description: 'The preview link identifier.' }),
      },
    },
    operation: async ({ payload, principal, params }) => {
      const id = params.id ?? ''
      if (!(await revokePreviewLink({ payload, tenant: principal.tenant.id, id })))
        fail({ status: 404, detail: `No preview link with id "${id}" in this tenant.` })
    },
    success: { status: 204, description: 'No content' },
    errors: [401, 403, 404, 429, 503],
  },
]
