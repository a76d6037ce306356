import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase, startApp, type RunningApp } from '../helpers/app'
import { asSuperuser } from '../helpers/replica'
import { installationAdmin } from '../helpers/rest'

/**
 * A kind's list and retrieve statements, and a write's, are prepared once per connection and
 * run by name (`src/db/preparedStatements.ts`), in an installation of their own (its tables are altered
 * below): PostgreSQL's log shows them executed by name, and a table changed under a prepared
 * statement (a migration while the app runs) still answers, the same bytes, not a 500.
 */
let app: RunningApp
let databaseUri = ''
let logFile = ''
let key = ''
let tenantId = ''
let token = ''
const slug = 'prepared-home'
const base = `/api/partners/2025-07/${slug}/events`

const read = async (at: string) => {
  const res = await fetch(`${app.origin}${at}`, { headers: { authorization: `Bearer ${key}` } })
  return { status: res.status, body: await res.text() }
}

beforeAll(async () => {
  databaseUri = await freshDatabase('prepared_reads')
  await asSuperuser(databaseUri, async (client) => {
    const { rows } = await client.query<{ dir: string; db: string }>(
      `select current_setting('data_directory') as dir, current_database() as db`,
    )
    // The embedded cluster writes its log beside its data folder.
    logFile = path.join(path.dirname(rows[0]!.dir), 'postgres.log')
    await client.query(
      `alter database ${client.escapeIdentifier(rows[0]!.db)} set log_statement = 'all'`,
    )
  })
  if (!fs.existsSync(logFile))
    throw new Error(`PostgreSQL's log is not at ${logFile}: run without TEST_DATABASE_URI`)
  app = await startApp({ databaseUri, env: { PARTNER_CACHE: 'off', DB_POOL_MAX: '3' } })
  token = await installationAdmin({ origin: app.origin })
  const post = async (at: string, body: object, authorization: string) => {
    const res = await fetch(`${app.origin}${at}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as { doc?: { id: string; key?: string }; id?: string }
  }
  const tenant = await post('/api/tenants', { slug, name: 'Prepared' }, `JWT ${token}`)
  tenantId = String(tenant.doc?.id)
  const keyed = await post(
    '/api/api-keys',
    { name: 'reads', scope: 'write', tenants: [tenantId] },
    `JWT ${token}`,
  )
  key = String(keyed.doc?.key)
  for (const title of ['First night', 'Second night', 'Third night'])
    await post(base, { title, venue: { city: 'Leeds' }, _status: 'published' }, `Bearer ${key}`)
}, 180_000)

afterAll(async () => {
  await app?.stop()
})

describe('prepared reads', () => {
  it("runs a list's page and count, and a retrieve, by name", async () => {
    const from = fs.statSync(logFile).size
    // Named from a text's third run (`preparedName`): the first two run unnamed.
    let id = ''
    for (let run = 0; run < 3; run++) {
      const list = await read(`${base}?limit=2&sort=title`)
      expect(list.status).toBe(200)
      id = (JSON.parse(list.body) as { docs: { id: string }[] }).docs[0]!.id
      expect((await read(`${base}/${id}`)).status).toBe(200)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    const logged = fs.readFileSync(logFile).subarray(from).toString('utf8')
    // Each execution is a line naming the statement, its parameters (our tenant) on the next.
    const ours = [
      ...logged.matchAll(/execute ([^:]+): (SELECT[^\n]*)\n[^\n]*DETAIL:\s+Parameters: ([^\n]*)/g),
    ].filter((m) => m[3]!.includes(tenantId) && /FROM "events"/.test(m[2]!))
    const names = (test: RegExp) => ours.filter((m) => test.test(m[2]!)).map((m) => m[1]!)
    for (const statement of [/ LIMIT \$\d+ OFFSET \$\d+$/, /^SELECT count\(\*\)/, / LIMIT 1$/])
      expect([names(statement)[0], names(statement).at(-1)]).toEqual([
        '<unnamed>',
        expect.stringMatching(/^cms_statement_\d+$/),
      ])
  })

  it("runs a create's statements by name, Payload's inserts and the change log's among them", async () => {
    const from = fs.statSync(logFile).size
    for (let run = 0; run < 3; run++) {
      const res = await fetch(`${app.origin}${base}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Named ${run}`, _status: 'published' }),
      })
      expect(res.status, await res.text()).toBe(201)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    const logged = fs.readFileSync(logFile).subarray(from).toString('utf8')
    // A log entry per statement, its text over several lines.
    const executed = logged
      .split(/\n(?=\d{4}-)/)
      .map((entry) => /LOG: {2}execute ([^:]+): ([\s\S]*)/.exec(entry))
      .filter((m) => m !== null)
    for (const statement of [/^insert into "events" /, /^insert into "_events_v" /, /change_log/]) {
      const names = executed.filter((m) => statement.test(m[2]!)).map((m) => m[1]!)
      expect(names).toHaveLength(3)
      expect(names.at(-1)).toMatch(/^cms_statement_\d+$/)
    }
  })

  it('answers the same bytes after a column it reads changes type under the prepared statements', async () => {
    const lists = [`${base}?limit=2&sort=title`, `${base}?limit=10&sort=-createdAt`]
    // Payload's own read, by name once it has run thrice (`resilientPg.ts`), outside a
    // transaction: a stale statement runs again unnamed.
    const payloadRead = async () => {
      const res = await fetch(`${app.origin}/api/events?limit=2&depth=0&sort=title`, {
        headers: { authorization: `JWT ${token}` },
      })
      return { status: res.status, body: await res.text() }
    }
    const payloadBefore: string[] = []
    for (let round = 0; round < 6; round++) payloadBefore.push((await payloadRead()).body)
    const before: string[] = []
    // Every connection of the pool prepares the statements.
    for (let round = 0; round < 6; round++)
      for (const at of lists) {
        const answer = await read(at)
        expect(answer.status).toBe(200)
        before.push(answer.body)
      }
    await asSuperuser(databaseUri, (client) =>
      client.query('alter table events alter column venue_city type text'),
    )
    for (let round = 0; round < 6; round++)
      for (const [i, at] of lists.entries()) {
        const answer = await read(at)
        expect(answer.status, answer.body).toBe(200)
        expect(answer.body).toBe(before[i])
      }
    for (let round = 0; round < 6; round++) {
      const answer = await payloadRead()
      expect(answer.status, answer.body).toBe(200)
      expect(answer.body).toBe(payloadBefore[0])
    }
  })
})
