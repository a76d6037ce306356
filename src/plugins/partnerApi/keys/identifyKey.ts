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
  connection,
}: {
  payload: Payload
  authorization: string | null
  /** The client's address, as the server saw the connection. */
  address: string
  /** The connection the request came on, when the server knows it (`PlainRequest`). */
  connection?: object
}): Promise<PartnerKey> => {
  const limit = partnerOptions(payload.config).failedAuthPerMinute
  const failing = isFailingTooOften({ address, limit })
  if (failing) {
    const prefix = parseKey(bearerOf(authorization) ?? '')?.prefix
    if (!prefix || !(await livePrefixes({ payload })).has(prefix)) refuseFailingAddress()
  }
  try {
    return await findKey({ payload, authorization, ...(connection ? { connection } : {}) })
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
  connection,
}: {
  payload: Payload
  authorization: string | null
  connection?: object
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
  const matches =
    key?.hash !== undefined &&
    key.hash !== null &&
    (verifiedOn(connection, authorization) === key ||
      secretMatches({ secret: parsed.secret, hash: key.hash }))
  if (!key || !matches || key.revoked) {
    return fail({ status: 401, detail: 'Unknown or revoked API key.', headers: challenge })
  }
  if (connection) verified.set(connection, { authorization, key })
  recordUse({ payload, id: key.id })
  return key
}

/**
 * The header a connection's last request was admitted with, and the stored key it matched:
 * a partner's connection sends the same header again and again, and while the stored key is
 * the same record (a write to any key or tenant reloads it, `cache/lookups.ts`) the same
 * header matches it without hashing the secret again. Nothing outlives the connection.
 */
const verified = new WeakMap<object, { authorization: string; key: ApiKey }>()

const verifiedOn = (connection: object | undefined, authorization: string): ApiKey | undefined => {
  const last = connection ? verified.get(connection) : undefined
  return last?.authorization === authorization ? last.key : undefined
}
