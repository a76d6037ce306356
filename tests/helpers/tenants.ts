import type { Payload } from 'payload'

import type { Tenant, User } from '../../src/payload-types'

/** Test fixtures made with access overridden, the way an installation's super-admin would. */
export const createTenant = async ({
  payload,
  slug,
  name = slug,
}: {
  payload: Payload
  slug: string
  name?: string
}): Promise<Tenant> => {
  const existing = await payload.find({
    collection: 'tenants',
    where: { slug: { equals: slug } },
    limit: 1,
  })
  if (existing.docs[0]) return existing.docs[0]
  return payload.create({ collection: 'tenants', data: { name, slug } })
}

export const createUser = async ({
  payload,
  email,
  tenants = [],
  superAdmin = false,
  password = 'test-password-123',
}: {
  payload: Payload
  email: string
  tenants?: { tenant: Tenant; roles: ('tenant-admin' | 'editor')[] }[]
  superAdmin?: boolean
  password?: string
}): Promise<User & { collection: 'users' }> => {
  const user = await payload.create({
    collection: 'users',
    data: {
      email,
      password,
      roles: superAdmin ? ['super-admin'] : ['user'],
      tenants: tenants.map(({ tenant, roles }) => ({ tenant: tenant.id, roles })),
    },
  })
  return { ...user, collection: 'users' }
}

/** Local API options that act as `user`, with access control enforced. */
export const as = (user: User) => ({ user, overrideAccess: false }) as const

/** The field paths a rejected write names, or a description of how it failed otherwise. */
export const rejectionPaths = async (write: Promise<unknown>): Promise<string[]> => {
  try {
    await write
  } catch (err) {
    const errors = (err as { data?: { errors?: { path: string }[] } }).data?.errors
    if (errors) return errors.map((e) => e.path)
    return [`${(err as Error).name}: ${(err as Error).message}`]
  }
  return ['(accepted)']
}
