import { execFileSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

import { binaries, ensureOwner, freePort, spawnCluster } from '../../src/db/embeddedPostgres'
import { waitUntil } from './app'

/**
 * A real streaming replica of the run's PostgreSQL, made from the embedded binaries (which
 * ship no pg_basebackup): the low-level backup API while the primary runs, a copy of its data
 * folder, `standby.signal` and `primary_conninfo`, then `postgres` on a free port in a process
 * group of its own, as `src/db/embeddedPostgres.ts` runs the primary.
 */
export type StreamingReplica = {
  /** The replica's copy of the primary's database, for `DATABASE_READ_URIS`. */
  connectionString: string
  /** A statement on the replica, as its superuser. */
  query: <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>
  /** Stops replaying WAL (it is still received): the replica falls behind. */
  pauseReplay: () => Promise<void>
  resumeReplay: () => Promise<void>
  /** Waits until the replica has replayed everything the primary had written when called. */
  caughtUp: (timeoutMs?: number) => Promise<void>
  /** SIGKILL to the replica's whole process group: no shutdown at all. */
  kill: () => Promise<void>
  /** Starts it again on the same port and data; it recovers and streams on. */
  start: () => Promise<void>
  remove: () => Promise<void>
}

/** Files of a running cluster that a copy must leave out (a replica makes its own). */
const leftOut = new Set(['postmaster.pid', 'postmaster.opts'])

/** Copies a running cluster's folder, skipping files that vanish mid-copy and its WAL. */
const copyCluster = ({ from, to }: { from: string; to: string }): void => {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (leftOut.has(entry.name)) continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    try {
      if (entry.isDirectory()) {
        // The WAL comes from the primary by streaming; the folder must exist, empty.
        if (entry.name === 'pg_wal') fs.mkdirSync(target, { mode: 0o700 })
        else copyCluster({ from: source, to: target })
      } else if (entry.isFile()) fs.copyFileSync(source, target)
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') throw err
    }
  }
}

/** `work` on a connection of its own to `uri` (the run's superuser), closed after. */
export const asSuperuser = async <T>(uri: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: uri, connectionTimeoutMillis: 2_000 })
  client.on('error', () => undefined)
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

export const startReplica = async ({
  primaryUri,
}: {
  /** A superuser's connection to the primary (the run's `DATABASE_URI`). */
  primaryUri: string
}): Promise<StreamingReplica> => {
  const primary = new URL(primaryUri)
  const owner = ensureOwner()
  const { postgres } = await binaries()
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-replica-'))
  fs.chmodSync(home, 0o755)
  const clusterDir = path.join(home, 'postgres')
  const logFile = path.join(home, 'postgres.log')
  const port = await freePort()

  await asSuperuser(primaryUri, async (client) => {
    const { rows } = await client.query<{ dir: string }>(
      `select current_setting('data_directory') as dir`,
    )
    const dataDirectory = rows[0]!.dir
    if (!fs.existsSync(path.join(dataDirectory, 'PG_VERSION')))
      throw new Error(
        `startReplica copies the primary's data folder, which is not on this machine (${dataDirectory}): run without TEST_DATABASE_URI`,
      )
    // Enough WAL kept for a replica stopped or paused a while to stream on, not start over.
    await client.query(`alter system set wal_keep_size = '512MB'`)
    const hba = await client.query(
      `select 1 from pg_hba_file_rules where 'replication' = any(database) and type = 'host'`,
    )
    if (!hba.rowCount) {
      fs.appendFileSync(
        path.join(dataDirectory, 'pg_hba.conf'),
        '\nhost replication all 127.0.0.1/32 scram-sha-256\n',
      )
    }
    await client.query('select pg_reload_conf()')
    await client.query(`select pg_backup_start('replica', true)`)
    try {
      copyCluster({ from: dataDirectory, to: clusterDir })
    } finally {
      const stopped = await client.query<{ labelfile: string }>(
        'select labelfile from pg_backup_stop(false)',
      )
      fs.writeFileSync(path.join(clusterDir, 'backup_label'), stopped.rows[0]!.labelfile)
    }
  })
  fs.writeFileSync(path.join(clusterDir, 'standby.signal'), '')
  const conninfo = [
    'host=127.0.0.1',
    `port=${primary.port}`,
    `user=${decodeURIComponent(primary.username)}`,
    `password=${decodeURIComponent(primary.password)}`,
    'application_name=test_replica',
  ].join(' ')
  fs.appendFileSync(
    path.join(clusterDir, 'postgresql.auto.conf'),
    `\nprimary_conninfo = '${conninfo.replaceAll("'", "''")}'\nhot_standby_feedback = on\n`,
  )
  if (owner.uid !== undefined) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, home])

  const replica = new URL(primaryUri)
  replica.port = String(port)
  const connectionString = replica.toString()

  let child: ChildProcess | undefined
  const start = async (): Promise<void> => {
    child = spawnCluster({ postgres, clusterDir, port, logFile, owner })
    const started = child
    await waitUntil({
      what: `the replica on port ${port}\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
      timeoutMs: 60_000,
      intervalMs: 100,
      check: async () => {
        if (started.exitCode !== null) throw new Error('the replica exited during start-up')
        return asSuperuser(connectionString, async (client) => {
          const { rows } = await client.query<{ streaming: boolean }>(
            `select pg_is_in_recovery() and exists (
               select 1 from pg_stat_wal_receiver where status = 'streaming') as streaming`,
          )
          return rows[0]?.streaming === true
        })
      },
    })
  }

  const query: StreamingReplica['query'] = (text, values) =>
    asSuperuser(connectionString, async (client) => (await client.query(text, values)).rows)

  const exited = async (running: ChildProcess): Promise<void> => {
    if (running.exitCode !== null || running.signalCode !== null) return
    await new Promise<void>((resolve) => running.once('exit', () => resolve()))
  }

  const kill = async (): Promise<void> => {
    const running = child
    if (!running?.pid) return
    try {
      process.kill(-running.pid, 'SIGKILL')
    } catch {
      // already gone
    }
    await exited(running)
    // Its backends are in the same group; wait for the port to be free of them too.
    await waitUntil({
      what: 'the killed replica to be gone',
      timeoutMs: 10_000,
      intervalMs: 50,
      check: async () => {
        try {
          process.kill(-running.pid!, 0)
          return false
        } catch {
          return true
        }
      },
    })
  }

  await start()
  return {
    connectionString,
    query,
    pauseReplay: async () => void (await query('select pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query('select pg_wal_replay_resume()')),
    caughtUp: async (timeoutMs = 20_000) => {
      const [target] = await asSuperuser(
        primaryUri,
        async (client) =>
          (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows,
      )
      await waitUntil({
        what: `the replica to replay up to ${target!.lsn}`,
        timeoutMs,
        intervalMs: 5,
        check: async () => {
          const [row] = await query<{ done: boolean }>(
            'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
            [target!.lsn],
          )
          return row?.done === true
        },
      })
    },
    kill,
    start,
    remove: async () => {
      const running = child
      // A killed replica has a signal, not an exit code: only a running one is stopped.
      if (running?.pid && running.exitCode === null && running.signalCode === null) {
        process.kill(running.pid, 'SIGINT')
        await exited(running)
      }
      fs.rmSync(home, { recursive: true, force: true })
    },
  }
}
