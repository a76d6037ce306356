import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, User } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { getTestPayload } from '../helpers/payload'
import { makeSample, sampleOf } from '../helpers/samples'
import { as, createTenant, createUser, rejectionPaths } from '../helpers/tenants'

/** The content collections: the tenant's own records, which its editors make. */
const kinds = [
  'events',
  'event-instances',
  'media',
  'media-tags',
  'folders',
  'organizations',
  'redirects',
  'works',
  'venues',
  'blogs',
  'custom-attributes',
  'pages',
  'seasons',
  'people',
  'series',
] as const
type Kind = (typeof kinds)[number]

let payload: Payload
let theatre: Tenant
let festival: Tenant
let theatreEditor: User
let festivalEditor: User
const png: { data: Buffer; mimetype: string; name: string; size: number } = {
  data: Buffer.alloc(0),
  mimetype: 'image/png',
  name: 'poster.png',
  size: 0,
}

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'cm-theatre', name: 'Model Theatre' })
  festival = await createTenant({ payload, slug: 'cm-festival', name: 'Model Festival' })
  theatreEditor = await createUser({
    payload,
    email: 'cm-theatre-editor@example.com',
    tenants: [{ tenant: theatre, roles: ['editor'] }],
  })
  festivalEditor = await createUser({
    payload,
    email: 'cm-festival-editor@example.com',
    tenants: [{ tenant: festival, roles: ['editor'] }],
  })
  png.data = Buffer.from(await makeImage({ width: 1600, height: 1000 }))
  png.size = png.data.length
})

/** A sample record of each kind, and the records it needs, made for `tenant` by `user`. */
const create = async ({
  kind,
  tenant,
  user,
  label,
}: {
  kind: Kind
  tenant: Tenant
  user: User
  label: string
}): Promise<{ id: string }> => ({
  id: await makeSample({
    collection: kind,
    tag: label,
    make: async ({ collection, data, upload }) => {
      const doc = await payload.create({
        collection: collection as Kind,
        data: { ...data, tenant: tenant.id } as never,
        ...(upload ? { file: { ...png, name: `${label}.png` } } : {}),
        ...as(user),
      })
      return String(doc.id)
    },
  }),
})

const editable = Object.fromEntries(
  kinds.map((kind) => [kind, sampleOf({ collection: kind }).update]),
) as Record<Kind, Record<string, unknown>>

describe.each(kinds)('%s, as editors of two tenants', (kind) => {
  it('is created, read and updated by its own tenant and invisible to the other', async () => {
    const doc = await create({ kind, tenant: theatre, user: theatreEditor, label: `Own ${kind}` })
    expect(typeof doc.id).toBe('string')
    expect(doc.id).toMatch(/^[0-9a-f-]{36}$/)

    const read = await payload.findByID({ collection: kind, id: doc.id, ...as(theatreEditor) })
    expect((read as { tenant: unknown }).tenant).toMatchObject({ id: theatre.id })
    expect(read.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    const updated = await payload.update({
      collection: kind,
      id: doc.id,
      data: editable[kind] as never,
      ...as(theatreEditor),
    })
    expect(updated).toMatchObject(editable[kind])

    // The other tenant's editor can neither see nor change it.
    await expect(
      payload.findByID({ collection: kind, id: doc.id, ...as(festivalEditor) }),
    ).rejects.toThrow()
    const listed = await payload.find({
      collection: kind,
      ...as(festivalEditor),
      pagination: false,
    })
    expect(listed.docs.map((d) => d.id)).not.toContain(doc.id)
    const attempt = await payload.update({
      collection: kind,
      where: { id: { equals: doc.id } },
      data: editable[kind] as never,
      ...as(festivalEditor),
    })
    expect(attempt.docs).toHaveLength(0)
    await expect(
      payload.delete({ collection: kind, id: doc.id, ...as(festivalEditor) }),
    ).rejects.toThrow()
    const still = await payload.findByID({ collection: kind, id: doc.id, overrideAccess: true })
    expect(still.id).toBe(doc.id)
  })

  it('cannot be created in a tenant the user does not belong to', async () => {
    const paths = await rejectionPaths(
      create({ kind, tenant: festival, user: theatreEditor, label: `Foreign ${kind}` }),
    )
    expect(paths).not.toEqual(['(accepted)'])
  })
})
