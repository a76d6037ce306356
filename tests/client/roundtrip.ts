import { randomUUID } from 'node:crypto'
import createClient from 'openapi-fetch'
import { stringify } from 'qs-esm'

// Generated from the served document by the typed-client test; not committed.
import type { components, paths } from './generated/partner-api'

type Work = components['schemas']['Work']
type WorkSelection = components['schemas']['WorkSelection']

/**
 * A read answers a whole record, or with `select` only the fields it named: the document says
 * so, and a client that sends no `select` tells its answers apart by what it asked.
 */
const whole = (doc: Work | WorkSelection): doc is Work => 'createdAt' in doc && 'title' in doc

/**
 * What a partner writes with a client generated from the served document: create a work, update
 * it, find it in a filtered list. Compiled with `tsc` (strict) against the generated types before
 * it runs, so a document that types these calls wrongly fails the suite.
 */
export const roundTrip = async ({
  baseUrl,
  tenant,
  key,
}: {
  baseUrl: string
  tenant: string
  key: string
}): Promise<{ created: Work; updated: Work; listed: Work[]; missing: number }> => {
  const client = createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${key}` },
    // `where` is a deepObject of several levels (where[title][equals]=…): bracket notation.
    querySerializer: (query) => stringify(query, { encodeValuesOnly: true }),
  })

  const id = randomUUID()
  const created = await client.POST('/{tenant}/works', {
    params: { path: { tenant } },
    body: { id, title: 'Typed client work', themeTemplate: 'classic' },
  })
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`)

  const updated = await client.PATCH('/{tenant}/works/{id}', {
    params: { path: { tenant, id } },
    body: { id, title: 'Typed client work, updated' },
  })
  if (!updated.data) throw new Error(`update: ${JSON.stringify(updated.error)}`)

  const listed = await client.GET('/{tenant}/works', {
    params: {
      path: { tenant },
      query: { limit: 5, sort: '-createdAt', where: { title: { like: 'typed client' } } },
    },
  })
  if (!listed.data) throw new Error(`list: ${JSON.stringify(listed.error)}`)

  const missing = await client.GET('/{tenant}/works/{id}', {
    params: { path: { tenant, id: randomUUID() } },
  })
  // The error is typed as the problem document.
  const status: number | undefined = missing.error?.status

  if (Math.random() > 2) {
    // Never run: each line must fail to compile, or the generated types are too loose.
    // @ts-expect-error a work's title is a string
    await client.POST('/{tenant}/works', { params: { path: { tenant } }, body: { id, title: 7 } })
    // @ts-expect-error the spec marks `id` required in a create body
    await client.POST('/{tenant}/works', { params: { path: { tenant } }, body: { title: 'x' } })
    // @ts-expect-error there is no such path
    await client.GET('/{tenant}/nothing', { params: { path: { tenant } } })
    // @ts-expect-error the list has no such query parameter
    await client.GET('/{tenant}/works', { params: { path: { tenant }, query: { size: 5 } } })
  }

  return {
    created: created.data,
    updated: updated.data,
    listed: listed.data.docs.filter(whole),
    missing: status ?? 0,
  }
}
