import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '../../../payload-types'

/** The account made on the admin's "create first user" screen runs the installation. */
export const firstUserIsSuperAdmin: CollectionBeforeChangeHook<User> = async ({
  data,
  operation,
  req,
}) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
  if (totalDocs === 0) return { ...data, roles: ['super-admin'] }
  return data
}
