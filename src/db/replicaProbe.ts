import type pg from 'pg'

import { forgetReplayedCommits } from './readRouting'
import { replicaState, type Replica } from './replicaState'

/** A WAL position (`16/B374D848`) as a number that compares. */
export const walPosition = (lsn: string): bigint => {
  const [high = '0', low = '0'] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`)
}

type Sample = { at: number; position: bigint }

const withinTime = async <T>({ work, timeoutMs }: { work: Promise<T>; timeoutMs: number }) => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

type Replay = { lsn: string | null; behind_ms: number | null; recovering: boolean }

/**
 * One probe of one replica against the primary's recent positions. `caughtUpAt` moves to the
 * newest sample the replica has replayed; the lag is the smaller of two bounds on how stale it
 * is: the time since that sample, and the time since the last commit it replayed (which alone
 * would grow on an idle primary, and alone depends on the two servers' clocks agreeing).
 */
const probeOne = async ({
  replica,
  samples,
  maxLagMs,
  timeoutMs,
}: {
  replica: Replica
  samples: Sample[]
  maxLagMs: number
  timeoutMs: number
}): Promise<void> => {
  const latest = samples.at(-1)
  try {
    const { rows } = await withinTime({
      timeoutMs,
      work: replica.pool.query<Replay>(
        `select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovering,
           extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as behind_ms`,
      ),
    })
    const row = rows[0]
    const now = Date.now()
    replica.probedAt = now
    if (!row?.recovering || row.lsn === null) {
      // Not a standby: a promoted one goes its own way and no longer follows the primary, so
      // nothing says it has what the primary has. A standby with no replay position yet has
      // replayed nothing. Either is skipped.
      replica.caughtUpAt = 0
      replica.replayed = undefined
      replica.lagMs = null
      replica.healthy = false
      return
    }
    const replayed = walPosition(row.lsn)
    // Replay went backwards: another server answers at this address (rebuilt from an older
    // backup). What the old one had replayed says nothing of it.
    if (replica.replayed !== undefined && replayed < replica.replayed) replica.caughtUpAt = 0
    replica.replayed = replayed
    const covered = samples.filter((sample) => sample.position <= replayed).at(-1)
    if (covered) replica.caughtUpAt = Math.max(replica.caughtUpAt, covered.at)
    const sinceCaughtUp = replica.caughtUpAt > 0 ? now - replica.caughtUpAt : Infinity
    const sinceReplayed = row.behind_ms === null ? Infinity : Math.max(0, Number(row.behind_ms))
    const lag = latest && replayed >= latest.position ? 0 : Math.min(sinceCaughtUp, sinceReplayed)
    replica.lagMs = Number.isFinite(lag) ? Math.round(lag) : null
    replica.healthy = replica.lagMs !== null && replica.lagMs <= maxLagMs
  } catch {
    markDown(replica)
  }
}

/** A replica that failed to answer is skipped until a probe finds it answering again. */
export const markDown = (replica: Replica): void => {
  replica.healthy = false
  replica.lagMs = null
}

/**
 * Measures every replica against the primary every `probeMs`: the primary's WAL position first
 * (its time taken before asking, so a commit known here by then is at or below it), then each
 * replica's replay position. Returns the way to stop.
 */
export const probeReplicas = ({
  primary,
  probeMs,
  maxLagMs,
  timeoutMs,
  log,
}: {
  primary: pg.Pool
  probeMs: number
  maxLagMs: number
  timeoutMs: number
  /** Told when a replica starts or stops being used. */
  log: (message: string) => void
}): { stop: () => void } => {
  const samples: Sample[] = []
  let stopped = false
  let timer: NodeJS.Timeout | undefined

  const round = async (): Promise<void> => {
    const at = Date.now()
    try {
      const { rows } = await withinTime({
        timeoutMs,
        work: primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
      })
      if (rows[0]) samples.push({ at, position: walPosition(rows[0].lsn) })
    } catch {
      // The primary is away: the replicas' positions are still measured against older samples.
    }
    // Older samples than the lag allowed cannot make a replica usable.
    while (samples.length > 1 && samples[0]!.at < at - maxLagMs - 2 * probeMs) samples.shift()
    const { replicas } = replicaState()
    await Promise.all(
      replicas.map(async (replica) => {
        const was = replica.healthy
        await probeOne({ replica, samples, maxLagMs, timeoutMs })
        if (replica.healthy === was) return
        log(
          replica.healthy
            ? `read replica ${replica.name} is used again (lag ${replica.lagMs} ms)`
            : `read replica ${replica.name} is skipped: ${replica.lagMs === null ? 'no answer, or not a standby' : `${replica.lagMs} ms behind`}`,
        )
      }),
    )
    forgetReplayedCommits()
  }

  const next = (): void => {
    if (stopped) return
    timer = setTimeout(() => void round().finally(next), probeMs)
    timer.unref()
  }
  void round().finally(next)
  return {
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
