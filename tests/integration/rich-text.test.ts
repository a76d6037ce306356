import { sql, type PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { settledOutput, startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant, createUser } from '../helpers/tenants'
import { element as node, text } from '../../src/seed/richText'

/**
 * Rich text: what editors and partners write is kept as written, and the tenant rule reaches
 * inside it. An internal link or an image naming another tenant's record is refused exactly
 * like a plain reference (400 to a partner, a validation error in the admin's REST and GraphQL),
 * and so is a link to a record rich text may not name at all; hostile shapes are 400s.
 */
let payload: Payload
let app: RunningApp
let theatre: Tenant
let festival: Tenant
let key = ''
let editor: AdminClient
const own: Record<string, string> = {}
const foreign: Record<string, string> = {}

const doc = (...children: unknown[]) => ({ root: node('root', children) })
const linkTo = (relationTo: string, value: string) =>
  doc(
    node('paragraph', [
      node('link', [text('see')], { fields: { linkType: 'internal', doc: { relationTo, value } } }),
    ]),
  )
const imageOf = (value: string) =>
  doc({
    type: 'upload',
    relationTo: 'media',
    value,
    fields: { caption: 'A caption' },
    format: '',
    version: 3,
  })

const api = () => partner({ origin: app.origin, tenant: 'rt-theatre', key, drafts: true })

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'rt-theatre' })
  festival = await createTenant({ payload, slug: 'rt-festival' })
  key = await createKey({ payload, tenants: [theatre], scope: 'write' })
  await createUser({
    payload,
    email: 'rt-editor@example.com',
    tenants: [{ tenant: theatre, roles: ['editor'] }],
  })
  const png = Buffer.from(await makeImage({ width: 400, height: 300 }))
  for (const [tenant, into] of [
    [theatre, own],
    [festival, foreign],
  ] as const) {
    into.work = (
      await payload.create({
        collection: 'works',
        data: { tenant: tenant.id, title: `Work ${tenant.slug}` },
      })
    ).id
    into.media = (
      await payload.create({
        collection: 'media',
        data: { tenant: tenant.id, alt: `Picture ${tenant.slug}` },
        file: { data: png, mimetype: 'image/png', name: `${tenant.slug}.png`, size: png.length },
      })
    ).id
  }
  own.user = (await payload.find({ collection: 'users', limit: 1 })).docs[0]!.id
  app = await startApp()
  editor = await signIn({
    origin: app.origin,
    email: 'rt-editor@example.com',
    password: 'test-password-123',
  })
})

afterAll(async () => {
  await app?.stop()
})

const eventCount = async () =>
  (await payload.count({ collection: 'events', where: { tenant: { equals: theatre.id } } }))
    .totalDocs

describe('rich text', () => {
  it('keeps what a partner writes: headings, lists, links to the web and to the tenant’s records, images', async () => {
    const description = doc(
      node('heading', [text('Synopsis')], { tag: 'h2' }),
      node(
        'paragraph',
        [
          text('A play about '),
          node('link', [text('the work')], {
            fields: {
              linkType: 'internal',
              doc: { relationTo: 'works', value: own.work },
              newTab: false,
            },
          }),
          text(' and '),
          node('link', [text('its press')], {
            fields: { linkType: 'custom', url: 'https://example.com/press', newTab: true },
          }),
        ],
        { textFormat: 0, textStyle: '' },
      ),
      node('list', [node('listitem', [text('Two acts')], { value: 1 })], {
        listType: 'bullet',
        tag: 'ul',
        start: 1,
      }),
      {
        type: 'upload',
        relationTo: 'media',
        value: own.media,
        fields: { caption: 'The set' },
        format: '',
        version: 3,
      },
    )
    const created = await api().create('events', { title: 'Rich', description })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const read = await api().get('events', String(created.body.id))
    expect(read.status).toBe(200)
    const stored = read.body.description as { root: { children: { type: string }[] } }
    expect(stored.root.children.map((c) => c.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'upload',
    ])
    expect(JSON.stringify(stored)).toContain(own.work)
    expect(JSON.stringify(stored)).toContain(own.media)
  })

  it('answers HTML beside the JSON: headings, lists, links to the record’s current url, figures', async () => {
    const work = await api().create('works', { title: 'Hamlet', slug: 'hamlet', slugLock: false })
    const workId = String(work.body.id)
    const description = doc(
      node('heading', [text('About')], { tag: 'h2' }),
      node('paragraph', [
        node('link', [text('the play')], {
          fields: {
            linkType: 'internal',
            doc: { relationTo: 'works', value: workId },
            newTab: false,
          },
        }),
        node('link', [text('reviews')], {
          fields: { linkType: 'custom', url: 'https://example.com/reviews', newTab: true },
        }),
      ]),
      node('list', [node('listitem', [text('Act one')], { value: 1 })], {
        listType: 'number',
        tag: 'ol',
        start: 1,
      }),
      {
        type: 'upload',
        relationTo: 'media',
        value: own.media,
        fields: { caption: 'Elsinore' },
        format: '',
        version: 3,
      },
    )
    const created = await api().create('events', { title: 'Hamlet tonight', description })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = String(created.body.id)
    const html = String(created.body.descriptionHtml)
    expect(html).toContain('<h2>About</h2>')
    expect(html).toContain('href="/works/hamlet"')
    expect(html).toMatch(
      /href="https:\/\/example.com\/reviews" rel="noopener noreferrer" target="_blank"/,
    )
    expect(html).toMatch(/<ol[^>]*>/)
    expect(html).toMatch(
      /<figure><img src="[^"]+" alt="Picture rt-theatre" width="400" height="300" loading="lazy"><figcaption>Elsinore<\/figcaption><\/figure>/,
    )
    const read = await api().get('events', id)
    expect(read.body.descriptionHtml).toBe(html)

    // The work's slug changes: the link follows it, and the event's tag moves with its bytes.
    const etag = read.headers.get('etag')!
    expect((await api().update('works', workId, { slug: 'hamlet-prince' })).status).toBe(200)
    const after = await api().get('events', id)
    expect(String(after.body.descriptionHtml)).toContain('href="/works/hamlet-prince"')
    expect(after.headers.get('etag')).not.toBe(etag)
    // The tag a read gives is the tag a conditional write takes.
    const patched = await api().update(
      'events',
      id,
      { hideStartTime: true },
      { 'if-match': after.headers.get('etag')! },
    )
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect(patched.headers.get('etag')).toBe((await api().get('events', id)).headers.get('etag'))

    // The work is deleted: its link keeps its text and loses its anchor.
    expect((await api().remove('works', workId)).status).toBe(204)
    const gone = String((await api().get('events', id)).body.descriptionHtml)
    expect(gone).toContain('the play')
    expect(gone).not.toContain('/works/hamlet')
  })

  it('takes Markdown instead, made into the editor’s JSON, on create and update', async () => {
    const markdown = [
      '## Synopsis',
      '',
      'A **bold** retelling with *music*, see [the press kit](https://example.com/press).',
      '',
      '- Two acts',
      '- One interval',
      '',
      '> Unmissable.',
      '',
      '---',
      '',
      '<script>alert(1)</script> [trap](javascript:alert(1))',
    ].join('\n')
    const created = await api().create('events', { title: 'Marked', descriptionMarkdown: markdown })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).not.toHaveProperty('descriptionMarkdown')
    const types = (
      created.body.description as { root: { children: { type: string }[] } }
    ).root.children.map((c) => c.type)
    expect(types).toEqual(
      expect.arrayContaining(['heading', 'paragraph', 'list', 'quote', 'horizontalrule']),
    )
    const html = String(created.body.descriptionHtml)
    expect(html).toContain('<h2>Synopsis</h2>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<em>music</em>')
    expect(html).toContain('href="https://example.com/press"')
    expect(html).toMatch(/<ul[^>]*>.*Two acts.*One interval.*<\/ul>/s)
    expect(html).toContain('<blockquote')
    expect(html).not.toContain('<script')
    // A link the editor could not hold stays words, inert.
    expect(html).not.toMatch(/href="javascript/i)
    expect(html).toContain('&lt;script&gt;')

    const id = String(created.body.id)
    const updated = await api().update('events', id, { descriptionMarkdown: 'Just *one* line.' })
    expect(updated.status).toBe(200)
    expect(String(updated.body.descriptionHtml)).toBe('<p>Just <em>one</em> line.</p>')

    // Once, as a string, not too long; a refusal changes nothing.
    const before = await eventCount()
    for (const body of [
      { title: 'Twice', description: updated.body.description, descriptionMarkdown: 'x' },
      { title: 'Typed', descriptionMarkdown: 42 },
      { title: 'Long', descriptionMarkdown: 'x'.repeat(100_001) },
    ]) {
      const refused = await api().create('events', body)
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(refused.headers.get('content-type')).toContain('application/problem+json')
      expect(JSON.stringify(refused.body)).toContain('descriptionMarkdown')
    }
    expect(await eventCount()).toBe(before)
    expect((await api().get('events', id)).body.descriptionHtml).toBe(
      '<p>Just <em>one</em> line.</p>',
    )
  })

  it('converts hostile Markdown off the event loop, within a budget, and answers meanwhile', async () => {
    // CommonMark parsers are superlinear on these: unbounded, each held the process a minute.
    const before = await eventCount()
    for (const markdown of ['*a'.repeat(49_000), '>'.repeat(99_000) + ' x']) {
      const order: string[] = []
      const writing = api()
        .create('events', { title: 'Slow Markdown', descriptionMarkdown: markdown })
        .then((res) => (order.push('write'), res))
      // Sent once the write is surely converting: the server still answers it first.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const reading = api()
        .list('events', '?limit=1')
        .then((res) => (order.push('read'), res))
      const [written, read] = await Promise.all([writing, reading])
      expect(read.status).toBe(200)
      expect(order).toEqual(['read', 'write'])
      expect(written.status, JSON.stringify(written.body).slice(0, 300)).toBe(400)
      expect(written.headers.get('content-type')).toContain('application/problem+json')
      expect(JSON.stringify(written.body)).toMatch(
        /descriptionMarkdown.*too long to convert|levels deep/,
      )
    }
    expect(await eventCount()).toBe(before)
    // The converter comes back for the next body.
    const after = await api().create('events', { title: 'After', descriptionMarkdown: '## Back' })
    expect(after.status).toBe(201)
    expect(after.body.descriptionHtml).toBe('<h2>Back</h2>')
  })

  it('gives each tenant its share of the Markdown converter: a flood is its own tenant’s 429', async () => {
    const festivalKey = await createKey({ payload, tenants: [festival], scope: 'write' })
    const hostile = '*a'.repeat(49_000)
    const flood = [0, 1, 2].map(() =>
      api().create('events', { title: 'Flood', descriptionMarkdown: hostile }),
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const theirs = await partner({
      origin: app.origin,
      tenant: 'rt-festival',
      key: festivalKey,
    }).create('events', { title: 'Fair share', descriptionMarkdown: '## Fair' })
    const answers = await Promise.all(flood)
    expect(answers.map((a) => a.status).sort()).toEqual([400, 400, 429])
    expect(answers.find((a) => a.status === 429)?.headers.get('retry-after')).toBe('1')
    expect(theirs.status, JSON.stringify(theirs.body).slice(0, 300)).toBe(201)
    expect(theirs.body.descriptionHtml).toBe('<h2>Fair</h2>')
  })

  it('renders hostile rich text as inert HTML', async () => {
    const markup = doc(
      node('paragraph', [text('<script>alert(1)</script><img src=x onerror=alert(2)>')]),
    )
    const written = await api().create('events', { title: 'Hostile text', description: markup })
    expect(written.status).toBe(201)
    expect(String(written.body.descriptionHtml)).not.toMatch(/<script|<img/i)
    expect(String(written.body.descriptionHtml)).toContain('&lt;script&gt;')
    // A link that would run script is refused, whoever renders the JSON, however disguised.
    const before = await eventCount()
    for (const url of [
      'javascript:alert(3)',
      ' data:text/html,<script>alert(4)</script>',
      'java\tscript:alert(5)',
      'JAVASCRIPT&colon;alert(6)',
      'vbscript:msgbox(7)',
    ]) {
      const description = doc(
        node('paragraph', [node('link', [text('x')], { fields: { linkType: 'custom', url } })]),
      )
      const res = await api().create('events', { title: 'Hostile link', description })
      expect(res.status, url).toBe(400)
      expect(JSON.stringify(res.body), url).toContain('http(s)')
      const viaRest = await editor.post('/api/events', {
        tenant: theatre.id,
        title: 'Hostile link',
        description,
      })
      expect(viaRest.status, url).toBe(400)
    }
    expect(await eventCount()).toBe(before)
    // A quote in a web address stays inside its attribute.
    const quoted = await api().create('events', {
      title: 'Quoted link',
      description: doc(
        node('paragraph', [
          node('link', [text('x')], {
            fields: { linkType: 'custom', url: 'https://e.com/"onmouseover="alert(8)' },
          }),
        ]),
      ),
    })
    expect(quoted.status).toBe(201)
    expect(String(quoted.body.descriptionHtml)).not.toMatch(/"onmouseover=/i)
  })

  it('refuses, to a partner, links and images naming another tenant’s records, and changes nothing', async () => {
    const before = await eventCount()
    for (const description of [linkTo('works', foreign.work!), imageOf(foreign.media!)]) {
      const res = await api().create('events', { title: 'Foreign', description })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(JSON.stringify(res.body)).toContain('description')
      expect(JSON.stringify(res.body)).not.toContain('rt-festival')
    }
    expect(await eventCount()).toBe(before)
    const event = await api().create('events', { title: 'Later foreign' })
    const patched = await api().update('events', String(event.body.id), {
      description: linkTo('works', foreign.work!),
    })
    expect(patched.status).toBe(400)
    expect((await api().get('events', String(event.body.id))).body.description).toBeNull()
  })

  it('refuses links to records rich text may not name (users, keys, tenants)', async () => {
    for (const [relationTo, id] of [
      ['users', own.user!],
      ['tenants', theatre.id],
      ['api-keys', own.user!],
    ]) {
      const res = await api().create('events', {
        title: 'Odd link',
        description: linkTo(relationTo!, id!),
      })
      expect(res.status, `${relationTo}: ${JSON.stringify(res.body)}`).toBe(400)
    }
  })

  it('refuses the same in the admin’s REST and GraphQL', async () => {
    const rest = await editor.post('/api/works', {
      tenant: theatre.id,
      title: 'Admin foreign',
      description: linkTo('works', foreign.work!),
    })
    expect(rest.status).toBe(400)
    const own = await editor.post('/api/works', { tenant: theatre.id, title: 'Admin own' })
    expect(own.status).toBe(201)
    const id = (own.body.doc as { id: string }).id
    const patched = await editor.patch(`/api/works/${id}`, { description: imageOf(foreign.media!) })
    expect(patched.status).toBe(400)
    const graphql = await editor.graphql(
      'mutation ($id: String!, $data: mutationWorkUpdateInput!) { updateWork(id: $id, data: $data) { id } }',
      { id, data: { description: linkTo('works', foreign.work!) } },
    )
    expect(JSON.stringify(graphql.body)).toMatch(/errors/)
    const stored = await payload.findByID({ collection: 'works', id, depth: 0 })
    expect(stored.description ?? null).toBeNull()
  })

  it('answers hostile shapes with a 400 problem, never a 500', async () => {
    const cases: unknown[] = [
      { root: 'not an object' },
      'a string',
      doc({ type: 'html', html: '<script>alert(1)</script>' }),
      doc(node('paragraph', [{ type: 'text', text: 42 }])),
    ]
    for (const description of cases) {
      const res = await api().create('events', { title: 'Hostile', description })
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
    }
    // Nested far deeper than any editor goes (written as text: the test's own JSON.stringify
    // would overflow): refused, and the server stays up.
    const depth = 5_000
    const deep = `{"title":"Deep","description":{"root":{"type":"root","children":[${'{"type":"paragraph","children":['.repeat(depth)}${']}'.repeat(depth)}]}}}`
    const res = await api().call('POST', '/events', deep, { 'content-type': 'application/json' })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400)
    expect((await api().list('events', '?limit=1')).status).toBe(200)

    // The same through Payload's own REST and GraphQL, past the stack of any recursive walk.
    const before = await eventCount()
    const far = 40_000
    const nested = `{"root":{"type":"root","children":[${'{"type":"paragraph","children":['.repeat(far)}${']}'.repeat(far)}]}}`
    const send = (path: string, method: string, body: string) =>
      fetch(`${app.origin}${path}`, {
        method,
        headers: { authorization: `JWT ${editor.token}`, 'content-type': 'application/json' },
        body,
      })
    const rest = await send(
      '/api/events',
      'POST',
      `{"title":"Deep","tenant":"${theatre.id}","description":${nested}}`,
    )
    expect(rest.status, (await rest.text()).slice(0, 300)).toBe(400)
    const graph = await send(
      '/api/graphql',
      'POST',
      `{"query":"mutation ($d: JSON) { createEvent(data: { title: \\"Deep\\", description: $d }) { id } }","variables":{"d":${nested}}}`,
    )
    const answer = await graph.text()
    expect(graph.status, answer.slice(0, 300)).toBeLessThan(500)
    expect(answer).toMatch(/nests deeper|errors/)
    expect(answer).not.toContain('"createEvent":{"id"')
    expect(await eventCount()).toBe(before)
    expect((await api().list('events', '?limit=1')).status).toBe(200)
  })

  it('refuses, on every surface, nodes the editor does not write and fields of the wrong type', async () => {
    const at = (...children: unknown[]) => doc(node('paragraph', [text('Kept'), ...children]))
    const cases: Record<string, unknown> = {
      'raw HTML below the root': at({ type: 'html', html: '<img src=x onerror=alert(1)>' }),
      'a quote without children': doc({ type: 'quote' }),
      'a list item at the root': doc(node('listitem', [text('x')])),
      'a link whose url is a list': at(
        node('link', [text('Tickets')], {
          fields: { linkType: 'custom', url: ['javascript:alert(document.domain)'] },
        }),
      ),
      'a link whose url is a number': at(
        node('link', [text('x')], { fields: { linkType: 'custom', url: 12345 } }),
      ),
      'an internal link to no id': at(
        node('link', [text('x')], {
          fields: { linkType: 'internal', doc: { relationTo: 'works', value: 'nope' } },
        }),
      ),
      'a custom link carrying another tenant’s record': at(
        node('link', [text('x')], {
          fields: {
            linkType: 'custom',
            url: 'https://example.org/',
            doc: { relationTo: 'works', value: foreign.work },
          },
        }),
      ),
      'a picture named by no id': imageOf('nope'),
    }
    const before = await eventCount()
    for (const [what, description] of Object.entries(cases)) {
      const res = await api().create('events', { title: what, description })
      expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      const rest = await editor.post('/api/events', {
        tenant: theatre.id,
        title: what,
        description,
      })
      expect(rest.status, `${what} via REST: ${JSON.stringify(rest.body).slice(0, 300)}`).toBe(400)
    }
    expect(await eventCount()).toBe(before)
    expect(await settledOutput(app)).not.toMatch(/Error converting lexical node/)
  })

  it('refuses script in the link fields beside the text: booking and listing links', async () => {
    const before = await eventCount()
    for (const body of [
      { booking: { bookingLinkLabel: 'Book now', bookingLinkURL: 'javascript:alert(1)' } },
      { lineup: { ticketUrl: ' JAVA\tSCRIPT:alert(2)' } },
      { lineup: { websiteUrl: 'data:text/html,<script>alert(3)</script>' } },
    ]) {
      const res = await api().create('events', { title: 'Linked', ...body })
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400)
      expect(JSON.stringify(res.body)).toContain('http(s)')
      const rest = await editor.post('/api/events', {
        tenant: theatre.id,
        title: 'Linked',
        ...body,
      })
      expect(rest.status).toBe(400)
    }
    expect(await eventCount()).toBe(before)
    const fine = await api().create('events', {
      title: 'Linked',
      booking: { bookingLinkLabel: 'Book now', bookingLinkURL: 'https://tickets.example/42' },
      lineup: { ticketUrl: '/tickets/42', websiteUrl: 'https://example.org/' },
    })
    expect(fine.status, JSON.stringify(fine.body).slice(0, 300)).toBe(201)
  })

  it('renders a stored value no editor could have written without failing on it', async () => {
    // Rows from before a rule, or written in SQL: the HTML leaves out what the editor could not
    // hold, and never hands it to a converter that throws and logs per node.
    const written = await api().create('works', { title: 'Stored by hand' })
    expect(written.status).toBe(201)
    const id = String(written.body.id)
    const stored = doc(
      node('paragraph', [text('Kept words')]),
      ...Array.from({ length: 2_000 }, () => ({ type: 'quote' })),
      node('paragraph', [
        node('link', [text('Tickets')], { fields: { linkType: 'custom', url: ['javascript:x'] } }),
      ]),
      { type: 'html', html: '<script>alert(1)</script>' },
      { type: 'listitem' },
    )
    const db = payload.db as unknown as PostgresAdapter
    await db.drizzle.execute(
      sql`update works set description = ${JSON.stringify(stored)}::jsonb where id = ${id}`,
    )
    const logBefore = (await settledOutput(app)).length
    const read = await api().get('works', id)
    expect(read.status).toBe(200)
    const html = String(read.body.descriptionHtml)
    expect(html).toContain('<p>Kept words</p>')
    expect(html).not.toMatch(/<script|javascript|<blockquote/i)
    expect((await settledOutput(app)).slice(logBefore)).not.toMatch(/Error converting lexical node/)
  })

  it('a record without rich text reads as null, and anonymous callers get nothing', async () => {
    const created = await api().create('works', { title: 'Plain work' })
    expect((await api().get('works', String(created.body.id))).body.description).toBeNull()
    const anonymous = adminClient({ origin: app.origin })
    const res = await anonymous.get(`/api/works/${String(created.body.id)}`)
    expect([401, 403, 404]).toContain(res.status)
  })

  describe('page layouts', () => {
    const layout = ({ media, event, work }: { media: string; event: string; work: string }) => [
      { blockType: 'richText', content: linkTo('works', work) },
      { blockType: 'media', image: media, caption: 'Foyer' },
      { blockType: 'callToAction', label: 'Book now', link: 'https://tickets.example.com/x' },
      { blockType: 'eventList', heading: 'Coming up', source: 'chosen', events: [event], limit: 3 },
      { blockType: 'gallery', images: [{ image: media, caption: 'One' }] },
    ]

    it('keeps blocks in order, typed, with their fields', async () => {
      const event = String((await api().create('events', { title: 'Listed' })).body.id)
      const page = await api().create('pages', {
        title: 'Visit us',
        layout: layout({ media: own.media!, event, work: own.work! }),
      })
      expect(page.status, JSON.stringify(page.body)).toBe(201)
      const read = await api().get('pages', String(page.body.id))
      const blocks = read.body.layout as Record<string, unknown>[]
      expect(blocks.map((b) => b.blockType)).toEqual([
        'richText',
        'media',
        'callToAction',
        'eventList',
        'gallery',
      ])
      expect(blocks[1]).toMatchObject({ image: own.media, caption: 'Foyer' })
      expect(blocks[3]).toMatchObject({ events: [event], source: 'chosen', limit: 3 })
      expect((blocks[4]!.images as { image: string }[])[0]!.image).toBe(own.media)
      for (const block of blocks) expect(typeof block.id).toBe('string')
    })

    it('refuses another tenant’s records anywhere in a layout, to a partner and in the admin', async () => {
      const event = String((await api().create('events', { title: 'Mine' })).body.id)
      const foreignEvent = String(
        (
          await payload.create({
            collection: 'events',
            data: { tenant: festival.id, title: 'Theirs' },
          })
        ).id,
      )
      const good = layout({ media: own.media!, event, work: own.work! })
      const bad: unknown[][] = [
        [{ ...good[0], content: linkTo('works', foreign.work!) }],
        [{ ...good[1], image: foreign.media }],
        [{ ...good[3], events: [event, foreignEvent] }],
        [{ ...good[4], images: [{ image: own.media }, { image: foreign.media }] }],
      ]
      const before = (await payload.count({ collection: 'pages' })).totalDocs
      for (const blocks of bad) {
        const res = await api().create('pages', { title: 'Bad layout', layout: blocks })
        expect(res.status, JSON.stringify(res.body)).toBe(400)
        expect(JSON.stringify(res.body)).toContain('layout')
        const admin = await editor.post('/api/pages', {
          tenant: theatre.id,
          title: 'Bad layout',
          layout: blocks,
        })
        expect(admin.status).toBe(400)
      }
      expect((await payload.count({ collection: 'pages' })).totalDocs).toBe(before)
    })

    it('refuses unknown blocks, unknown fields and unsafe links with a 400 naming them', async () => {
      for (const blocks of [
        [{ blockType: 'html', html: '<script>alert(1)</script>' }],
        [{ blockType: 'callToAction', label: 'Go', link: 'javascript:alert(1)' }],
        [{ blockType: 'media', image: own.media, onload: 'x' }],
        [{ caption: 'no type' }],
      ]) {
        const res = await api().create('pages', { title: 'Odd layout', layout: blocks })
        expect(res.status, JSON.stringify(res.body)).toBe(400)
        expect(res.headers.get('content-type')).toContain('application/problem+json')
      }
    })
  })
})
