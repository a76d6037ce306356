import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../src/db/embeddedPostgres'
import { ticksOf } from './cpu'
import { startApp } from '../tests/helpers/app'
import { installationAdmin } from '../tests/helpers/rest'
import type { Figures } from './load'
import { measureCreateSteps } from './createSteps'
import { measureCreates, measurePerformanceCreates } from './writes'

/** One app under test with its own database, tenant, write key and event. */
export type Side = {
  name: string
  app: Awaited<ReturnType<typeof startApp>>
  cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>
  key: string
  event: string
  /** Whether it offers `POST /{tenant}/event-instances/batch`. */
  batches: boolean
}

const tenant = 'bench-writes'

export const setUp = async ({
  name,
  root,
  env = {},
}: {
  name: string
  root?: string
  env?: Record<string, string>
}): Promise<Side> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `arts-cms-writes-${name}-`))
  fs.chmodSync(dataDir, 0o755)
  const cluster = await startEmbeddedPostgres({ dataDir })
  const app = await startApp({
    ...(root ? { root } : {}),
    databaseUri: cluster.connectionString,
    env: {
      PAYLOAD_SECRET: 'bench-secret-0123456789abcdef0123456789',
      CMS_DATA_DIR: dataDir,
      ...env,
    },
  })
  const token = await installationAdmin({ origin: app.origin })
  const post = async (url: string, body: object, authorization: string) => {
    const res = await fetch(`${app.origin}${url}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.status !== 201) throw new Error(`${name}: ${url} answered ${res.status}`)
    return (await res.json()) as Record<string, unknown> & { doc?: Record<string, unknown> }
  }
  const made = await post('/api/tenants', { slug: tenant, name: 'Bench writes' }, `JWT ${token}`)
  const keyed = await post(
    '/api/api-keys',
    { name: 'bench', scope: 'write', tenants: [made.doc?.id] },
    `JWT ${token}`,
  )
  const key = String(keyed.doc?.key)
  const event = await post(
    `/api/partners/2025-07/${tenant}/events`,
    { title: 'Bench run', _status: 'published' },
    `Bearer ${key}`,
  )
  const probe = await fetch(`${app.origin}/api/partners/2025-07/${tenant}/event-instances/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{"records":[]}',
  })
  return { name, app, cluster, key, event: String(event.id), batches: probe.status === 400 }
}

/** Median statements of the partner creates on an app's access lines. */
const statementsPerCreate = (side: Side): number => {
  const counts = side.app
    .output()
    .split('\n')
    .filter((line) => line.includes('"statements"') && line.includes('{tenant}/events"'))
    .flatMap((line) => {
      try {
        return [Number((JSON.parse(line) as { statements: number }).statements)]
      } catch {
        return []
      }
    })
    .sort((a, b) => a - b)
  return counts[Math.floor(counts.length / 2)] ?? 0
}

type Row = { figures: Figures; appMs: number; postgresMs: number }

/** Runs `work` on every side at once and notes each one's CPU per created record. */
const together = async ({
  sides,
  work,
  records,
}: {
  sides: readonly Side[]
  work: (side: Side) => Promise<Figures>
  /** Records one answered request made. */
  records: number
}): Promise<Row[]> => {
  const cpu = (side: Side) => ({
    app: ticksOf((pid) => pid === side.app.child.pid),
    postgres: ticksOf((pid) => pid === side.cluster.pid),
  })
  const before = sides.map(cpu)
  const figures = await Promise.all(sides.map(work))
  return sides.map((side, i) => {
    const after = cpu(side)
    const made = Math.max(1, (figures[i]?.statuses?.['201'] ?? 0) * records)
    return {
      figures: figures[i]!,
      appMs: ((after.app - before[i]!.app) * 10) / made,
      postgresMs: ((after.postgres - before[i]!.postgres) * 10) / made,
    }
  })
}

/**
 * `BENCH_ONLY=writes` with `BENCH_BASELINE=<ref>`: the current build and the baseline's, each on
 * a database of its own, written to at the same moment so the machine's noise falls on both:
 * partner event creates, performances one a request and (where the app offers it) 100 a request,
 * each as records a second, CPU per record of the app and of PostgreSQL, and statements per
 * create from the access lines; then the ratios current/baseline.
 */
export const measureWritesAgainst = async ({
  baselineRoot,
  seconds,
  concurrency,
  rounds,
}: {
  baselineRoot: string
  seconds: number
  concurrency: number
  rounds: number
}): Promise<void> => {
  const sides = await Promise.all([
    setUp({ name: 'current' }),
    setUp({ name: 'baseline', root: baselineRoot }),
  ])
  try {
    const events = (side: Side) =>
      measureCreates({ origin: side.app.origin, tenant, key: side.key, seconds, concurrency })
    const performances = (batch: number) => (side: Side) =>
      side.batches || batch === 1
        ? measurePerformanceCreates({
            origin: side.app.origin,
            tenant,
            key: side.key,
            event: side.event,
            batch,
            seconds,
            concurrency: batch > 1 ? 2 : concurrency,
          })
        : Promise.resolve({ rps: 0, p50: 0, p99: 0, errors: 0 })
    await together({ sides, work: (side) => events(side), records: 1 }) // warm-up
    const print = (what: string, rows: Row[], records: number) => {
      rows.forEach((r, i) =>
        console.log(
          r.figures.rps === 0 && r.figures.errors === 0 && !r.figures.statuses
            ? `${what.padEnd(34)} | ${sides[i]!.name.padEnd(8)} | not offered by this build`
            : `${what.padEnd(34)} | ${sides[i]!.name.padEnd(8)} | ${(r.figures.rps * records).toFixed(1).padStart(7)} records/s | p50 ${String(r.figures.p50).padStart(5)} ms | p99 ${String(r.figures.p99).padStart(5)} ms | app ${r.appMs.toFixed(2)} ms, postgres ${r.postgresMs.toFixed(2)} ms CPU a record`,
        ),
      )
      const [current, baseline] = rows
      if (current && baseline && baseline.figures.rps > 0)
        console.log(
          `${what.padEnd(34)} | current/baseline ${(current.figures.rps / baseline.figures.rps).toFixed(2)}x records/s, ${(baseline.appMs / Math.max(0.01, current.appMs)).toFixed(2)}x less app CPU a record`,
        )
    }
    for (let round = 1; round <= rounds; round++) {
      console.log(`[bench] writes, round ${round} of ${rounds}`)
      print('create an event (partner)', await together({ sides, work: events, records: 1 }), 1)
      const single = await together({ sides, work: performances(1), records: 1 })
      print('create a performance, one a request', single, 1)
      const batched = await together({ sides, work: performances(100), records: 100 })
      print('create performances, 100 a request', batched, 100)
      const [one, hundred] = [single[0], batched[0]]
      if (one && hundred && one.figures.rps > 0)
        console.log(
          `${'performances, current build'.padEnd(34)} | 100 a request: ${((hundred.figures.rps * 100) / one.figures.rps).toFixed(2)}x the records/s of one a request`,
        )
    }
    for (const side of sides)
      console.log(
        `statements per partner create (median of the access lines): ${side.name} ${statementsPerCreate(side)}`,
      )
    const timed = await setUp({ name: 'timed', env: { SERVER_TIMING: 'on' } })
    try {
      await measureCreateSteps({
        origin: timed.app.origin,
        tenant,
        key: timed.key,
        count: 200,
        print: (line) => console.log(line),
      })
    } finally {
      await timed.app.stop()
      await timed.cluster.stop()
    }
  } finally {
    await Promise.all(
      sides.map(async (side) => {
        await side.app.stop()
        await side.cluster.stop()
      }),
    )
  }
}
