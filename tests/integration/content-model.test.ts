import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, User } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { getTestPayload } from '../helpers/payload'
import { as, createTenant, createUser, rejectionPaths } from '../helpers/tenants'

type Kind =
  | 'events'
  | 'event-instances'
  | 'media'
  | 'media-tags'
  | 'folders'
  | 'organizations'
  | 'redirects'
  | 'works'
  | 'venues'
  | 'blogs'
  | 'custom-attributes'
  | 'pages'
  | 'seasons'
  | 'people'
  | 'series'

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

/** Minimal valid data for each kind, made for `tenant` by `user`. */
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
}): Promise<{ id: string }> => {
  const base = { tenant: tenant.id }
  switch (kind) {
    case 'media':
      return payload.create({
        collection: 'media',
        data: { ...base, alt: label },
        file: { ...png, name: `${label}.png` },
        ...as(user),
      })
    case 'event-instances': {
      const event = await create({ kind: 'events', tenant, user, label: `${label} event` })
      return payload.create({
        collection: 'event-instances',
        data: { ...base, event: event.id, startDate: '2026-12-01T19:30:00.000Z' },
        ...as(user),
      })
    }
    case 'redirects':
      return payload.create({
        collection: 'redirects',
        data: {
          ...base,
          from: `/old/${label}`,
          to: { type: 'custom', url: 'https://example.org/new' },
        },
        ...as(user),
      })
    case 'custom-attributes':
      return payload.create({
        collection: 'custom-attributes',
        data: {
          ...base,
          name: label,
          key: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          valueType: 'text',
        },
        ...as(user),
      })
    case 'folders':
      return payload.create({ collection: 'folders', data: { ...base, name: label }, ...as(user) })
    default:
      return payload.create({
        collection: kind,
        data: { ...base, title: label } as never,
        ...as(user),
      })
  }
}

const editable: Record<Kind, Record<string, unknown>> = {
  events: { hideStartTime: true },
  'event-instances': { hidden: true },
  media: { caption: 'Edited caption' },
  'media-tags': { title: 'Edited tag' },
  folders: { name: 'Edited folder' },
  organizations: { themeTemplate: 'edited' },
  redirects: { to: { type: 'custom', url: 'https://example.org/edited' } },
  works: { themeTemplate: 'edited' },
  venues: { themeTemplate: 'edited' },
  blogs: { themeTemplate: 'edited' },
  'custom-attributes': { description: 'Edited' },
  pages: { showInSearch: false },
  seasons: { themeTemplate: 'edited' },
  people: { themeTemplate: 'edited' },
  series: { themeTemplate: 'edited' },
}
const kinds = Object.keys(editable) as Kind[]

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
