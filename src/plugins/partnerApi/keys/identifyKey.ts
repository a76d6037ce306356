import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { ApiKey } from '../../../payload-types'
import { rememberedLookup } from '../cache/lookups'
import { parseKey, secretMatches } from './keyMaterial'
import { fail, PartnerProblem } from '../../../lib/partnerProblem'
import { countFailedAuth, isFailingTooOften, refuseFailingAddress } from './rateLimit'
import { postgresOf } from '../../../db/postgres'
import { partnerOptions } from '../options'

const challenge = { 'www-authenticate': 'Bearer realm="partners"' }

const lastUseWrites = new Map<string, number>()

/** Keys by prefix, remembered until a key or tenant is written (`cache/lookups.ts`). */
const keyLookup = rememberedLookup<ApiKey | undefined>()

/** The prefixes of every key not revoked, remembered the same way. */
const prefixesLookup = rememberedLookup<Set<string>>({ maxEntries: 1 })

const livePrefixes = ({ payload }: { payload: Payload }): Promise<Set<string>> =>
  prefixesLookup({
    name: 'live',
    load: async () => {
      const { rows } = await postgresOf(payload).drizzle.execute<{ prefix: string }>(
        sql`select prefix from api_keys where revoked is not true and prefix is not null`,
      )
      return new Set(rows.map((row) => row.prefix))
    },
  })

/** Recorded at most once a minute per key, off the request's path. */
const recordUse = ({ payload, id }: { payload: Payload; id: string }): void => {
  const now = Date.now()
  if ((lastUseWrites.get(id) ?? 0) > now - 60_000) return
  lastUseWrites.set(id, now)
  // One column, not a document write: a full update would write back the `revoked` flag and
  // secret as read a moment ago over an admin's change made meanwhile.
  void postgresOf(payload)
    .drizzle.execute(
      sql`update api_keys set last_used_at = ${new Date(now).toISOString()} where id = ${id}`,
    )
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not record an API key use' }))
}

/** The stored key a request authenticated with. */
export type PartnerKey = Pick<ApiKey, 'id' | 'name' | 'scope' | 'prefix' | 'tenants' | 'rateLimit'>

/**
 * `Authorization: Bearer <key>` → the stored key, or 401. Every 401 counts against its
 * address, and an address that keeps failing is refused before the lookup: unless the request
 * names a key that exists and is not revoked, for a valid key is never refused for what other
 * clients at its address (a NAT, a proxy, a load balancer) did. Which prefixes exist is known
 * from one remembered read, so a refused address still costs no lookup per request.
 */
export const identifyKey = async ({
  payload,
  authorization,
  address,
}: {
  payload: Payload
  authorization: string | null
  /** The client's address, as the server saw the connection. */
  address: string
}): Promise<PartnerKey> => {
  const limit = partnerOptions(payload.config).failedAuthPerMinute
  const failing = isFailingTooOften({ address, limit })
  if (failing) {
    const prefix = parseKey(bearerOf(authorization) ?? '')?.prefix
    if (!prefix || !(await livePrefixes({ payload })).has(prefix)) refuseFailingAddress()
  }
  try {
    return await findKey({ payload, authorization })
  } catch (err) {
    if (!(err instanceof PartnerProblem && err.problem.status === 401)) throw err
    countFailedAuth({ address })
    // The same answer as for a prefix that does not exist: a failing address cannot tell
    // which prefixes are live.
    if (failing) refuseFailingAddress()
    throw err
  }
}

const bearerOf = (authorization: string | null): string | undefined =>
  authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined

const findKey = async ({
  payload,
  authorization,
}: {
  payload: Payload
  authorization: string | null
}): Promise<PartnerKey> => {
  if (!authorization) {
    return fail({
      status: 401,
      detail: 'Send an API key: "Authorization: Bearer <key>".',
      headers: challenge,
    })
  }
  const bearer = bearerOf(authorization)
  const parsed = bearer ? parseKey(bearer) : undefined
  if (!parsed)
    return fail({
      status: 401,
      detail: 'The Authorization header does not carry a valid API key.',
      headers: challenge,
    })

  const key = await keyLookup({
    name: parsed.prefix,
    load: async () => {
      const { docs } = await payload.find({
        collection: 'api-keys',
        where: { prefix: { equals: parsed.prefix } },
        limit: 1,
        // No count query: one round trip for the key.
        pagination: false,
        depth: 0,
        overrideAccess: true,
        showHiddenFields: true,
      })
      return docs[0]
    },
  })
  if (!key?.hash || !secretMatches({ secret: parsed.secret, hash: key.hash }) || key.revoked) {
    return fail({ status: 401, detail: 'Unknown or revoked API key.', headers: challenge })
  }
  recordUse({ payload, id: key.id })
  return key
}
