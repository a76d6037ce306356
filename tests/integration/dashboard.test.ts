import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { waitingDrafts } from '../../src/components/Dashboard/data/drafts'
import { recentProblems } from '../../src/components/Dashboard/data/problems'
import { recentEdits } from '../../src/components/Dashboard/data/recentEdits'
import { comingChanges } from '../../src/components/Dashboard/data/scheduled'
import { dashboardScope } from '../../src/components/Dashboard/data/scope'
import { upcomingPerformances } from '../../src/components/Dashboard/data/upcoming'
import type { Tenant, User } from '../../src/payload-types'
import { scheduleChange } from '../../src/plugins/scheduling/exports'
import { getTestPayload } from '../helpers/payload'
import { as, createTenant, createUser } from '../helpers/tenants'

const hour = 3_600_000

describe('the programme dashboard', () => {
  let payload: Payload
  let theatre: Tenant
  let festival: Tenant
  let editor: User & { collection: 'users' }
  let admin: User & { collection: 'users' }
  let both: User & { collection: 'users' }
  let superAdmin: User & { collection: 'users' }

  /** An event with one performance `inHours` from now, written as `user`. */
  const eventWithShow = async ({
    tenant,
    title,
    inHours,
    user,
    publish = true,
  }: {
    tenant: Tenant
    title: string
    inHours: number
    user: User
    publish?: boolean
  }) => {
    const event = await payload.create({
      collection: 'events',
      data: { title, tenant: tenant.id, _status: publish ? 'published' : 'draft' },
      ...as(user),
    })
    const show = await payload.create({
      collection: 'event-instances',
      data: {
        event: event.id,
        tenant: tenant.id,
        startDate: new Date(Date.now() + inHours * hour).toISOString(),
      },
      ...as(user),
    })
    return { event, show }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    theatre = await createTenant({ payload, slug: 'dash-theatre', name: 'Dash Theatre' })
    festival = await createTenant({ payload, slug: 'dash-festival', name: 'Dash Festival' })
    editor = await createUser({
      payload,
      email: 'dash-editor@example.com',
      tenants: [{ tenant: theatre, roles: ['editor'] }],
    })
    admin = await createUser({
      payload,
      email: 'dash-admin@example.com',
      tenants: [{ tenant: theatre, roles: ['tenant-admin'] }],
    })
    both = await createUser({
      payload,
      email: 'dash-both@example.com',
      tenants: [
        { tenant: theatre, roles: ['editor'] },
        { tenant: festival, roles: ['editor'] },
      ],
    })
    superAdmin = await createUser({ payload, email: 'dash-super@example.com', superAdmin: true })
    await eventWithShow({ tenant: theatre, title: 'Hamlet', inHours: 30, user: editor })
    await eventWithShow({ tenant: theatre, title: 'Next month', inHours: 24 * 20, user: editor })
    await eventWithShow({ tenant: festival, title: 'Festival opening', inHours: 5, user: both })
    const { event: draft } = await eventWithShow({
      tenant: theatre,
      title: 'Macbeth (draft)',
      inHours: 50,
      user: editor,
      publish: false,
    })
    await scheduleChange({
      payload,
      user: editor,
      collection: 'events',
      id: draft.id,
      action: 'publish',
      at: new Date(Date.now() + 48 * hour),
    })
    await payload.create({
      collection: 'events',
      data: { title: 'Festival secret', tenant: festival.id, _status: 'draft' },
      ...as(both),
    })
  })

  it('shows one organisation to its editor, and its name on no row', async () => {
    const scope = await dashboardScope({ payload, user: editor })
    expect(scope.tenants.map((t) => t.slug)).toEqual(['dash-theatre'])
    expect(scope.several).toBe(false)
  })

  it('this week’s performances, soonest first, none of another organisation or later', async () => {
    const scope = await dashboardScope({ payload, user: editor })
    const shows = await upcomingPerformances({ payload, user: editor, scope })
    expect(shows.map((s) => s.event?.title)).toEqual(['Hamlet', 'Macbeth (draft)'])
    expect(shows.every((s) => s.tenant === theatre.id)).toBe(true)
  })

  it('drafts waiting, scheduled changes and recent edits by whom, of the editor’s tenant only', async () => {
    const scope = await dashboardScope({ payload, user: editor })
    const drafts = await waitingDrafts({ payload, user: editor, scope })
    expect(drafts.map((d) => d.title)).toContain('Macbeth (draft)')
    expect(drafts.map((d) => d.title)).not.toContain('Festival secret')
    expect(drafts.find((d) => d.title === 'Macbeth (draft)')).toMatchObject({ live: false })
    const changes = await comingChanges({ payload, user: editor, scope })
    expect(changes).toEqual([
      expect.objectContaining({ title: 'Macbeth (draft)', action: 'publish' }),
    ])
    const edits = await recentEdits({ payload, user: editor, scope })
    expect(edits.length).toBeGreaterThan(0)
    expect(edits.every((e) => e.tenant === theatre.id)).toBe(true)
    expect(edits.find((e) => e.title === 'Hamlet')).toMatchObject({ by: 'dash-editor@example.com' })
    // Someone outside the organisation is not named to its editors.
    await payload.create({
      collection: 'events',
      data: { title: 'Installed', tenant: theatre.id, _status: 'published' },
      ...as(superAdmin),
    })
    const later = await recentEdits({ payload, user: editor, scope })
    expect(later.find((e) => e.title === 'Installed')).toMatchObject({
      by: 'An installation admin',
    })
  })

  it('a selector cookie naming another organisation narrows to nothing of it', async () => {
    const scope = await dashboardScope({ payload, user: editor, selected: festival.id })
    expect(scope.tenants.map((t) => t.slug)).toEqual(['dash-theatre'])
  })

  it('several organisations: all of them, or the one selected', async () => {
    const all = await dashboardScope({ payload, user: both })
    expect(all.tenants.map((t) => t.slug).sort()).toEqual(['dash-festival', 'dash-theatre'])
    expect(all.several).toBe(true)
    const shows = await upcomingPerformances({ payload, user: both, scope: all })
    expect(shows[0]?.event?.title).toBe('Festival opening')
    const one = await dashboardScope({ payload, user: both, selected: festival.id })
    expect(one.tenants.map((t) => t.slug)).toEqual(['dash-festival'])
    const festivalShows = await upcomingPerformances({ payload, user: both, scope: one })
    expect(festivalShows.map((s) => s.event?.title)).toEqual(['Festival opening'])
  })

  it('failed webhook deliveries and sync runs: to tenant admins, of their tenants', async () => {
    const hook = await payload.create({
      collection: 'webhooks',
      data: { tenant: theatre.id, url: 'https://receiver.example/hook', events: ['created'] },
      overrideAccess: true,
    })
    await payload.db.create({
      collection: 'webhook-deliveries',
      data: {
        tenant: theatre.id,
        webhook: hook.id,
        type: 'event.created',
        state: 'failed',
        attempts: 8,
        lastStatus: 500,
        lastError: 'receiver answered 500',
      },
    })
    const scope = await dashboardScope({ payload, user: admin })
    const problems = await recentProblems({ payload, user: admin, scope })
    expect(problems).toEqual([
      expect.objectContaining({
        collection: 'webhook-deliveries',
        detail: 'HTTP 500: receiver answered 500',
      }),
    ])
    // An editor reads no deliveries: the panel has nothing, not an error.
    const editorScope = await dashboardScope({ payload, user: editor })
    expect(await recentProblems({ payload, user: editor, scope: editorScope })).toEqual([])
    const superScope = await dashboardScope({ payload, user: superAdmin, selected: festival.id })
    expect(await recentProblems({ payload, user: superAdmin, scope: superScope })).toEqual([])
  })
})
