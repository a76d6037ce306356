import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { freePort } from '../../src/db/embeddedPostgres'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const testDistDir = '.next-test'

export type RunningApp = {
  origin: string
  child: ChildProcess
  output: () => string
  isAlive: () => boolean
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/**
 * The app's output once what it has logged so far is written: log lines gather for up to
 * 100 ms before they are (`src/lib/logger.ts`). For checks that a line is absent.
 */
export const settledOutput = async (app: Pick<RunningApp, 'output'>): Promise<string> => {
  await new Promise((resolve) => setTimeout(resolve, 300))
  return app.output()
}

export const waitUntil = async ({
  check,
  timeoutMs,
  what,
  intervalMs = 200,
}: {
  check: () => Promise<boolean>
  timeoutMs: number
  what: string
  intervalMs?: number
}): Promise<number> => {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started
    await new Promise((r) => setTimeout(r, intervalMs))
  }
  throw new Error(`timed out after ${timeoutMs} ms: ${what}`)
}

/**
 * Runs the CMS exactly as `npm start` does (server.ts, production mode, migrations applied on
 * start) from the build the test setup made, on a free port, against `databaseUri`. `root` is
 * another checkout of the project (the bench's baseline), built into its own `testDistDir`.
 */
export const startApp = async ({
  databaseUri = process.env.DATABASE_URI,
  env = {},
  root = projectRoot,
}: {
  databaseUri?: string
  env?: Record<string, string>
  root?: string
} = {}): Promise<RunningApp> => {
  const port = await freePort()
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: testDistDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URI: databaseUri ?? '',
      // Suites and the benchmark drive thousands of requests through a few keys: the limit is
      // still counted on every request, and a test that wants a 429 gives its key a low one.
      PARTNER_RATE_LIMIT_PER_MINUTE: '1000000',
      PARTNER_FAILED_AUTH_PER_MINUTE: '1000000',
      // Only a suite about webhooks sends them: it turns delivery on with its receiver allowed.
      WEBHOOK_DELIVERY: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  // A test run that is cut short must not leave an app (and its database connections) behind.
  const orphanGuard = (): void => {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  process.once('exit', orphanGuard)
  void exited.then(() => process.removeListener('exit', orphanGuard))
  const isAlive = (): boolean => child.exitCode === null && child.signalCode === null
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitUntil({
      what: `the app to answer /api/ready on ${origin}`,
      timeoutMs: 120_000,
      check: async () => {
        if (!isAlive()) throw new Error(`the app exited early:\n${log}`)
        return (await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) })).ok
      },
    })
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n--- app output ---\n${log}`)
  }
  return {
    origin,
    child,
    output: () => log,
    isAlive,
    stop: async (signal = 'SIGTERM') => {
      if (!isAlive()) return child.exitCode
      child.kill(signal)
      return exited
    },
  }
}

/** A new, empty database on the run's server, for a test that needs an installation of its own. */
export const freshDatabase = async (name: string): Promise<string> => {
  const { default: pg } = await import('pg')
  const base = process.env.DATABASE_URI ?? ''
  const client = new pg.Client({ connectionString: base })
  await client.connect()
  const database = `${new URL(base).pathname.slice(1)}_${name}`.replace(/[^a-z0-9_]/gi, '_')
  await client.query(`drop database if exists ${client.escapeIdentifier(database)} with (force)`)
  await client.query(`create database ${client.escapeIdentifier(database)}`)
  await client.end()
  const url = new URL(base)
  url.pathname = `/${database}`
  return url.toString()
}
