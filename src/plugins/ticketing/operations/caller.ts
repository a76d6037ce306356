import type { Where } from 'payload'

import type { User } from '../../../payload-types'

/**
 * Who asks: a signed-in user (the admin; Payload's access rules decide) or a partner key of a
 * tenant (the partner API has checked the key's tenant and scope; everything is narrowed to
 * that tenant here).
 */
export type Caller = { user: User } | { tenantId: string }

/** The Local API arguments that make a caller see only what is theirs. */
export const asCaller = (caller: Caller) =>
  'user' in caller
    ? { user: caller.user, overrideAccess: false as const }
    : { overrideAccess: true as const }

/** A filter narrowed to the caller's tenant (a user's access narrows it already). */
export const withinCaller = ({ caller, where }: { caller: Caller; where: Where }): Where =>
  'user' in caller ? where : { and: [where, { tenant: { equals: caller.tenantId } }] }
