import type { Access } from 'payload'

import type { User } from '../payload-types'

export const isSuperAdmin = (user: Partial<User> | null | undefined): boolean =>
  Boolean(user?.roles?.includes('super-admin'))

export const superAdminOnly: Access = ({ req }) => isSuperAdmin(req.user)
