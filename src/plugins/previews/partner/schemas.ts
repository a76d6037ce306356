import type { JsonSchema } from '../../partnerApi/exports/routes'
import { lifetimeSchema } from '../links/lifetime'
import type { PreviewOptions } from '../defaults'

/** The create body (the very schema it is checked against) and the made link. */
export const previewSchemas = (
  options: Pick<PreviewOptions, 'defaultHours' | 'maxHours'>,
): Record<'PreviewLinkCreate' | 'PreviewLink', JsonSchema> => ({
  PreviewLinkCreate: {
    ...lifetimeSchema(options),
    description: `A preview link's life: \`{}\` for the default (${options.defaultHours} hours).`,
  },
  PreviewLink: {
    type: 'object',
    description:
      'A preview link, as made: the token is shown this once (it is not stored and cannot be read again).',
    required: ['id', 'token', 'url', 'expiresAt'],
    properties: {
      id: {
        type: 'string',
        format: 'uuid',
        description: 'The link: `DELETE /{tenant}/preview-links/{id}` revokes it.',
      },
      token: {
        type: 'string',
        description:
          'Signed and expiring: `GET /{tenant}/{kind}/{id}?preview=<token>` with no key answers the record’s latest draft.',
      },
      url: {
        type: 'string',
        format: 'uri',
        description:
          'What to share: the tenant’s website at the record’s path with `?preview=<token>` (the website reads the draft with it), or, for a tenant without a website, the partner API read itself.',
      },
      expiresAt: { type: 'string', format: 'date-time' },
    },
  },
})
