import { formatNames, type Payload } from 'payload'
import { expect } from 'vitest'

import type { AdminClient } from './admin'

/**
 * The role matrix's checks of one signed-in person (or no one) against the records of another
 * tenant Y, through Payload's own REST and GraphQL API, for any set of collections: the app's
 * (role-matrix.test.ts) or a configuration with a kind of its own (new-kind.test.ts).
 */

/** Collection slug → a record of each tenant. */
export type MatrixRecords = Map<string, { x: string; y: string }>

/** The smallest GraphQL update input each collection's schema accepts. */
export const graphqlUpdateData = (slug: string): string =>
  slug === 'redirects' ? '{ to: { type: "custom", url: "https://example.org/x" } }' : '{}'

/** Everything the database holds of a record, to compare before and after an attack. */
export const recordSnapshot =
  (payload: Payload) =>
  async (slug: string, id: string): Promise<string> =>
    JSON.stringify(
      await payload
        .findByID({
          collection: slug as 'events',
          id,
          depth: 0,
          draft: true,
          showHiddenFields: true,
        })
        .catch(() => null),
    )

/** Nothing of Y's is read, through REST lists, REST by id and GraphQL. */
export const readsNothingOfY = async ({
  client,
  records,
}: {
  client: AdminClient
  records: MatrixRecords
}): Promise<void> => {
  for (const [slug, { y: id }] of records) {
    const one = await client.get(`/api/${slug}/${id}?depth=0`)
    expect([401, 403, 404], `${slug} by id: ${one.status}`).toContain(one.status)
    const list = await client.get(`/api/${slug}?limit=200&depth=0`)
    expect(JSON.stringify(list.body), `${slug} list`).not.toContain(id)
    const name = formatNames(slug).singular
    const gql = await client.graphql(`query ($id: String!) { ${name}(id: $id) { id } }`, { id })
    expect(JSON.stringify(gql.body.data ?? null), `${slug} graphql`).not.toContain(id)
  }
}

/** Nothing of Y's is changed or deleted, through REST and GraphQL; the database agrees. */
export const changesNothingOfY = async ({
  client,
  records,
  snapshot,
}: {
  client: AdminClient
  records: MatrixRecords
  snapshot: (slug: string, id: string) => Promise<string>
}): Promise<void> => {
  for (const [slug, { y: id }] of records) {
    const before = await snapshot(slug, id)
    const patch = await client.patch(`/api/${slug}/${id}`, { title: 'taken', name: 'taken' })
    expect([400, 401, 403, 404], `${slug} patch: ${patch.status}`).toContain(patch.status)
    const bulk = await client.patch(`/api/${slug}?where[id][equals]=${id}`, { name: 'taken' })
    expect(bulk.status, `${slug} bulk patch`).toBeLessThan(500)
    const del = await client.delete(`/api/${slug}/${id}`)
    expect([401, 403, 404], `${slug} delete: ${del.status}`).toContain(del.status)
    const bulkDel = await client.delete(`/api/${slug}?where[id][equals]=${id}`)
    expect(bulkDel.status, `${slug} bulk delete`).toBeLessThan(500)
    const name = formatNames(slug).singular
    const gqlUpdate = await client.graphql(
      `mutation ($id: String!) { update${name}(id: $id, data: ${graphqlUpdateData(slug)}) { id } }`,
      { id },
    )
    expect(gqlUpdate.body.errors, `${slug} graphql update`).toBeTruthy()
    const gqlDelete = await client.graphql(
      `mutation ($id: String!) { delete${name}(id: $id) { id } }`,
      { id },
    )
    expect(gqlDelete.body.errors, `${slug} graphql delete`).toBeTruthy()
    expect(await snapshot(slug, id), `${slug} unchanged`).toBe(before)
  }
}

/** Nothing is created in tenant Y, in any of `slugs`. */
export const createsNothingInY = async ({
  client,
  payload,
  slugs,
  y,
}: {
  client: AdminClient
  payload: Payload
  slugs: readonly string[]
  /** Y's id. */
  y: string
}): Promise<void> => {
  for (const slug of slugs) {
    const count = async () =>
      (await payload.count({ collection: slug as 'events', where: { tenant: { equals: y } } }))
        .totalDocs
    const before = await count()
    const res = await client.post(`/api/${slug}`, {
      tenant: y,
      title: 'planted',
      name: 'planted',
      key: 'planted',
      valueType: 'text',
      from: '/planted',
      to: { type: 'custom', url: 'https://example.org/p' },
    })
    expect([400, 401, 403], `${slug} create: ${res.status}`).toContain(res.status)
    expect(await count(), slug).toBe(before)
  }
}
