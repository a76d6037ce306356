import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { freshDatabase, projectRoot, startApp } from '../helpers/app'
import { firstUser, login } from '../helpers/rest'

const postgresProcessesFor = (dataDir: string): string[] => {
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' }).stdout
  return ps.split('\n').filter((line) => line.includes('postgres') && line.includes(dataDir))
}

/** The app on its own embedded PostgreSQL, the way `npm start` runs with no DATABASE_URI. */
describe('the app with its embedded PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-lifecycle-'))
  fs.chmodSync(dataDir, 0o755)
  const env = { CMS_DATA_DIR: dataDir }
  const credentials = { email: 'keeper@example.com', password: 'a-password-to-keep' }

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('serves health and readiness', async () => {
    const app = await startApp({ databaseUri: '', env })
    try {
      const health = await fetch(`${app.origin}/api/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toMatchObject({ status: 'ok' })
      const ready = await fetch(`${app.origin}/api/ready`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toMatchObject({ status: 'ready' })
      expect(postgresProcessesFor(dataDir).length).toBeGreaterThan(0)
      await firstUser({ origin: app.origin, ...credentials })
    } finally {
      expect(await app.stop('SIGTERM')).toBe(0)
    }
  })

  it('lets a request in flight finish on SIGTERM and leaves no postgres behind', async () => {
    const app = await startApp({ databaseUri: '', env })
    // The request is under way when the signal lands: its head is sent and read, and the last
    // byte of its body comes after the signal. (A request still in the socket's buffer is not
    // yet in flight, and a timer cannot tell the two apart on a busy machine.)
    const body = JSON.stringify(credentials)
    const socket = net.connect(Number(new URL(app.origin).port), '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    const closed = new Promise((r) => socket.once('close', r))
    socket.write(
      `POST /api/users/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, -1)}`,
    )
    await new Promise((r) => setTimeout(r, 300))
    const exit = app.stop('SIGTERM')
    await new Promise((r) => setTimeout(r, 100))
    socket.write(body.slice(-1))
    await closed
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
    expect(await exit).toBe(0)
    expect(app.output()).toMatch(/embedded PostgreSQL stopped/)
    expect(postgresProcessesFor(dataDir)).toEqual([])
  })

  it('answers what a kept-alive connection sends after the stop, then closes it; a silent one holds nothing up', async () => {
    const app = await startApp({ databaseUri: '', env })
    const port = Number(new URL(app.origin).port)
    // Connected, and not a byte sent: no request of it can be lost.
    const silent = net.connect(port, '127.0.0.1')
    const silentClosed = new Promise((r) => silent.once('close', r))
    // A balancer's kept-alive connection: a request under way when the signal lands (its
    // last body byte comes after), and the next request right behind it on the same socket.
    const kept = net.connect(port, '127.0.0.1')
    let answers = ''
    kept.on('data', (chunk: Buffer) => (answers += chunk.toString()))
    const keptClosed = new Promise((r) => kept.once('close', r))
    const body = JSON.stringify(credentials)
    kept.write(
      `POST /api/users/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, -1)}`,
    )
    await new Promise((r) => setTimeout(r, 300))
    const exit = app.stop('SIGTERM')
    await new Promise((r) => setTimeout(r, 100))
    kept.write(`${body.slice(-1)}GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`)
    await Promise.all([keptClosed, silentClosed])
    const heads = answers.split('HTTP/1.1 ').slice(1)
    expect(heads.map((head) => head.slice(0, 6))).toEqual(['200 OK', '200 OK'])
    expect(heads[1]).toMatch(/\r\nconnection: close\r\n/i)
    expect(await exit).toBe(0)
    expect(app.output()).toContain('requests drained')
    expect(app.output()).not.toContain('requests still open')
  })

  it('finds its data again on the next start, and stops on SIGINT too', async () => {
    const app = await startApp({ databaseUri: '', env })
    try {
      const token = await login({ origin: app.origin, ...credentials })
      expect(token.length).toBeGreaterThan(20)
    } finally {
      expect(await app.stop('SIGINT')).toBe(0)
    }
    expect(postgresProcessesFor(dataDir)).toEqual([])
  })

  it('refuses to start in production without PAYLOAD_SECRET, saying why', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: projectRoot,
      env: { ...process.env, PAYLOAD_SECRET: '', CMS_DATA_DIR: dataDir, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/PAYLOAD_SECRET is not set/)
    expect(postgresProcessesFor(dataDir)).toEqual([])
  })
})

describe('/api/ready when the database is away', () => {
  it('answers 503 problem+json while /api/health stays 200', async () => {
    const { startEmbeddedPostgres } = await import('../../src/db/embeddedPostgres')
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-ready-'))
    fs.chmodSync(dataDir, 0o755)
    const cluster = await startEmbeddedPostgres({ dataDir })
    const app = await startApp({ databaseUri: cluster.connectionString })
    try {
      await cluster.stop()
      const ready = await fetch(`${app.origin}/api/ready`)
      expect(ready.status).toBe(503)
      expect(ready.headers.get('content-type')).toBe('application/problem+json')
      const problem = (await ready.json()) as Record<string, unknown>
      expect(problem).toMatchObject({
        status: 503,
        title: 'Service unavailable',
        type: expect.stringMatching(/database-unavailable$/) as unknown,
      })
      // Anyone may ask: the answer names no host, port, error code or driver message.
      expect(problem.detail).toBe('The database did not answer.')
      // Its request's id (a random UUID, repeated in a header) is the only other word in it.
      const { requestId, ...rest } = problem
      expect(requestId).toBe(ready.headers.get('x-request-id'))
      expect(JSON.stringify(rest)).not.toMatch(/ECONN|127\.0\.0\.1|\d{4,5}|connect/i)
      expect((await fetch(`${app.origin}/api/health`)).status).toBe(200)
    } finally {
      await app.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the development schema push', () => {
  it('creates the schema on a fresh database and reads it back on the next start', async () => {
    // `npm run dev` and the CLI push the schema on every start; the second push introspects
    // what the first made (a composite primary key once broke exactly that).
    const databaseUri = await freshDatabase('dev_push')
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-push-'))
    try {
      for (const slug of ['push-one', 'push-two']) {
        const result = spawnSync(
          process.execPath,
          ['--import', 'tsx', 'scripts/cms.ts', 'tenant', 'create', slug, '--name', slug],
          {
            cwd: projectRoot,
            env: {
              ...process.env,
              DATABASE_URI: databaseUri,
              DB_PUSH: 'true',
              NODE_ENV: 'development',
              PAYLOAD_SECRET: '',
              CMS_DATA_DIR: dataDir,
            },
            encoding: 'utf8',
            timeout: 180_000,
          },
        )
        expect(result.status, `${slug}: ${result.stderr.slice(-2000)}`).toBe(0)
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
