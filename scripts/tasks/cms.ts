/**
 * The CMS from the command line, for scripts:
 *   npm run -s cms -- tenant create <slug> --name <name>
 *   npm run -s cms -- key create --tenant <slug>[,<slug>...] --scope read|write [--name <name>] [--partner <who>]
 *   npm run -s cms -- key list [--tenant <slug>]
 *   npm run -s cms -- key revoke <prefix>
 * `key create` prints the key alone on its last line. Works on the development database, or
 * DATABASE_URI; run it against production with DATABASE_URI set.
 */
import { parseArgs } from 'node:util'
import type { Where } from 'payload'

import config from '@payload-config'
import { getPayload } from 'payload'

const usage = `usage:
  cms tenant create <slug> --name <name>
  cms key create --tenant <slug>[,<slug>...] --scope read|write [--name <name>] [--partner <who>]
  cms key list [--tenant <slug>]
  cms key revoke <prefix>`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    tenant: { type: 'string' },
    scope: { type: 'string' },
    partner: { type: 'string' },
  },
})

const failWith = (message: string): never => {
  console.error(message)
  process.exit(2)
}

const main = async (): Promise<number> => {
  const [noun, verb, arg] = positionals
  const payload = await getPayload({ config })
  const tenantsBySlug = async (slugs: string[]) => {
    const { docs } = await payload.find({
      collection: 'tenants',
      where: { slug: { in: slugs } },
      limit: slugs.length,
      depth: 0,
    })
    const missing = slugs.filter((s) => !docs.some((d) => d.slug === s))
    if (missing.length) failWith(`no tenant ${missing.join(', ')}`)
    return docs
  }
  try {
    if (noun === 'tenant' && verb === 'create') {
      if (!arg) failWith(usage)
      const tenant = await payload.create({
        collection: 'tenants',
        data: { slug: String(arg), name: values.name ?? String(arg) },
      })
      console.log(`tenant ${tenant.slug} created (${tenant.id})`)
    } else if (noun === 'key' && verb === 'create') {
      if (!values.tenant || (values.scope !== 'read' && values.scope !== 'write')) failWith(usage)
      const tenants = await tenantsBySlug(String(values.tenant).split(','))
      const doc = await payload.create({
        collection: 'api-keys',
        data: {
          name: values.name ?? `${values.scope} key for ${values.tenant}`,
          partner: values.partner,
          tenants: tenants.map((t) => t.id),
          scope: values.scope as 'read' | 'write',
        },
      })
      console.log(
        `key ${doc.prefix} (${doc.scope}) for ${tenants.map((t) => t.slug).join(', ')}; shown once:`,
      )
      console.log((doc as unknown as { key: string }).key)
    } else if (noun === 'key' && verb === 'list') {
      const where: Where = values.tenant
        ? { tenants: { in: (await tenantsBySlug([values.tenant])).map((t) => t.id) } }
        : {}
      const { docs } = await payload.find({ collection: 'api-keys', where, depth: 1, limit: 1000 })
      for (const key of docs) {
        const tenants = (key.tenants ?? [])
          .map((t) => (typeof t === 'object' ? t.slug : t))
          .join(',')
        console.log(
          [
            key.prefix,
            key.scope,
            tenants,
            key.revoked ? 'revoked' : 'active',
            key.lastUsedAt ?? 'never used',
            key.name,
          ].join('\t'),
        )
      }
    } else if (noun === 'key' && verb === 'revoke') {
      if (!arg) failWith(usage)
      const { docs } = await payload.update({
        collection: 'api-keys',
        where: { prefix: { equals: String(arg) } },
        data: { revoked: true },
      })
      if (docs.length === 0) failWith(`no key ${arg}`)
      console.log(`key ${arg} revoked`)
    } else {
      failWith(usage)
    }
  } catch (err) {
    const errors = (err as { data?: { errors?: { path: string; message: string }[] } }).data?.errors
    console.error(
      errors ? errors.map((e) => `${e.path}: ${e.message}`).join('\n') : (err as Error).message,
    )
    return 1
  }
  return 0
}

process.exit(await main())
