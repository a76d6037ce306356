import type {
  GenerateDescription,
  GenerateImage,
  GenerateTitle,
  GenerateURL,
} from '@payloadcms/plugin-seo/types'

import { referenceId, seoDefaults } from './defaults'

/*
 * The admin's "auto-generate" buttons. `doc` is the form as the browser sent it, so nothing
 * here reads a record on its word: the tenant is read as the signed-in user, who sees only
 * their own tenants.
 */

export const generateTitle: GenerateTitle = ({ doc }) => seoDefaults(doc ?? {}).title ?? ''

export const generateDescription: GenerateDescription = ({ doc }) =>
  seoDefaults(doc ?? {}).description ?? ''

export const generateImage: GenerateImage = ({ doc }) => {
  const image = seoDefaults(doc ?? {}).image
  return typeof image === 'string' || typeof image === 'number' ? image : ''
}

export const generateURL: GenerateURL = async ({ doc, req }) => {
  const path = typeof doc?.url === 'string' ? doc.url : ''
  const tenantId = referenceId(doc?.tenant)
  if (typeof tenantId !== 'string' && typeof tenantId !== 'number') return path
  const tenant = await req.payload
    .findByID({
      collection: 'tenants',
      id: tenantId,
      depth: 0,
      overrideAccess: false,
      user: req.user,
      req,
      disableErrors: true,
    })
    .catch(() => null)
  const website = typeof tenant?.website === 'string' ? tenant.website.replace(/\/+$/, '') : ''
  return `${website}${path}`
}
