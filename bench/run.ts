/**
 * `npm run bench`: the partner layer against Payload's own REST API, side by side, on the
 * production build. Seeds a few thousand events over several tenants into a throwaway embedded
 * PostgreSQL, then measures list and retrieve for the same query through both (requests per
 * second, p50, p99) and prints the partner layer's share of Payload's throughput. Then writes:
 * partner creates a second with the change log and without it (an app started with
 * BENCH_WITHOUT_CHANGE_LOG), performances created one a request and 100 a request (the batch
 * route, one transaction each), and the webhook delivery latency from an acknowledged write to its
 * arrival at a loopback receiver, at a steady rate (BENCH_WEBHOOK_RATE a second, default 20).
 * Last, the noisy-neighbour figure: bench-1's delivery p50/p99 and read p99 with bench-2 idle and
 * with bench-2 flooding (its receiver hangs), as ratios. Where a create's time goes: 200
 * creates one after another on an app with SERVER_TIMING=on, each step's share
 * (`bench/createSteps.ts`; also at the end of BENCH_ONLY=writes).
 * Then the box-office sync against a Spektrix stand-in (200 events, 2,000 performances): the
 * first import, the same run unchanged, and 100 availability changes, each in seconds against
 * the issue's target, writes a second and the app's peak memory; then availability refreshes
 * (nothing changed, then 100 more sold out): seconds, provider calls, writes and change-log
 * rows (`bench/ticketing.ts`); then the same refresh with a Tessitura stand-in (200 production
 * seasons of 10 performances: the import, a refresh unchanged, one after 100 sold out).
 * Settings: BENCH_EVENTS (default 3000), BENCH_SECONDS per measurement (5), BENCH_CONCURRENCY (8),
 * BENCH_LARGE_EVENTS (100000; 0 skips the reads at scale), BENCH_WRITES=off (skips the writes,
 * and the sync with them), BENCH_TICKETING=off (skips the sync), BENCH_BUILD=off (reuses the
 * last build); BENCH_ONLY=ticketing runs the sync alone. Scale-out (`bench/scaleOut.ts`,
 * BENCH_SCALE=off skips it, BENCH_ONLY=scale runs it alone after the seed): reads and writes
 * through nginx in front of 1 and of 3 instances, a streaming replica's lag after a write
 * (`bench/replicaLag.ts`), and image uploads to the local disk against an S3 bucket on loopback
 * (`bench/uploads.ts`).
 *
 * The hot path (`bench/hotPath.ts`, BENCH_ONLY=hot runs it alone after the seed): cache hits
 * against a plain node:http server sending the same bytes, and uncached lists against the app's
 * own two statements run through `pg` alone, each a percentage of its floor in the same run
 * (and the same lists with every record made afresh, PARTNER_REMEMBERED_RECORDS_MB=0); wrk is
 * the load generator for the hits when it is installed.
 *
 * The "what's on" page (`bench/whatsOn.ts`, BENCH_ONLY=whatson runs it alone): 20 events with
 * image, work and next performances with their venues, as one expanded call against the same
 * page assembled from unexpanded calls, uncached: pages a second and statements a page.
 *
 * Writes against the code before a change (`bench/writesAgainst.ts`): BENCH_ONLY=writes with
 * BENCH_BASELINE=<git ref> builds both, gives each its own database and writes to both at the
 * same moment, round after round: event creates, performances one a request and 100 a request,
 * records a second, each app's and PostgreSQL's CPU a record, statements a create, and the
 * ratios current/baseline.
 *
 * Against the code before a change: BENCH_BASELINE=<git ref> checks the ref out as a detached
 * worktree in a temporary directory (packages hard-linked from node_modules), builds it as the
 * current code is built (`next build` into its own .next-test), and starts it on the same
 * database and seeded data with the read cache off, as the current uncached app. The uncached
 * list and retrieve are then measured against both, interleaved: a warm-up each, then
 * BENCH_BASELINE_ROUNDS rounds (default 4, at least 2), alternating which app goes first so a
 * drift over the run favours neither. The table gives each round and the median of each figure,
 * then the ratio current/baseline of the median req/s, with the best-of-rounds ratio beside it
 * (on a shared machine noise only slows a round, so the best is the other fair reading). The
 * worktree is removed at the end, on failure too. BENCH_ONLY=baseline runs only that comparison:
 * about five minutes (two builds, the seed, the rounds) on two shared cores with
 *   BENCH_BASELINE=0e3b0ee BENCH_ONLY=baseline BENCH_LARGE_EVENTS=0 BENCH_EVENTS=1000 npm run bench
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../src/db/embeddedPostgres'
import { startApp, projectRoot } from '../tests/helpers/app'
import pg from 'pg'

import { encodeListCursor } from '../src/plugins/partnerApi/exports/http'
import { bullets, heading, paragraph, richText } from '../src/seed/richText'
import { checkoutBaseline, type Baseline } from './baseline'
import { buildApp } from './build'
import { copyEvents } from './bulkSeed'
import { compareApps, medianFigures } from './compare'
import { measure, type Figures } from './load'
import { measureVisibility } from './visibility'
import { measureWritesAgainst } from './writesAgainst'
import { measureNoisyNeighbour, startHangingReceiver } from './noisy'
import { measureReplicaLag } from './replicaLag'
import { measureScaleOut } from './scaleOut'
import { measureUploads } from './uploads'
import { measureTicketingSync } from './ticketing'
import { measureWhatsOn } from './whatsOn'
import { measureHotPath } from './hotPath'
import { measureCreateSteps } from './createSteps'
import {
  measureCreates,
  measureDeliveryLatency,
  measurePerformanceCreates,
  startLatencyReceiver,
} from './writes'

const events = Number(process.env.BENCH_EVENTS ?? 3000)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8)
const tenantCount = 4
/** The words the bench's programme notes are made of, and its searches look for. */
const vocabulary = [
  'storm',
  'island',
  'music',
  'dance',
  'comedy',
  'tragedy',
  'opera',
  'ballet',
  'poetry',
  'circus',
  'puppets',
  'jazz',
  'choir',
  'magic',
  'shadows',
  'masks',
  'ghosts',
  'lovers',
  'kings',
  'rivers',
]
const largeEvents = Number(process.env.BENCH_LARGE_EVENTS ?? 100_000)
const baselineRef = process.env.BENCH_BASELINE
const baselineRounds = Math.max(2, Number(process.env.BENCH_BASELINE_ROUNDS ?? 4))
const only = process.env.BENCH_ONLY
const figures = new Map<string, Figures>()

/** Reads of `paths` (one at random per request) with `headers`, expecting 200. */
const measureReads = ({
  origin,
  paths,
  headers,
}: {
  origin: string
  paths: string[]
  headers: Record<string, string>
}) => measure({ origin, paths, headers, expected: 200, seconds, concurrency })

const row = (cells: (string | number)[], widths: number[]): string =>
  cells
    .map((cell, i) =>
      i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0),
    )
    .join(' | ')
const widths = [44, 22, 7, 7, 7, 6]
const figuresRow = (name: string, layer: string, r: Figures): string =>
  row([name, layer, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.errors], widths)

/** The current uncached app against the baseline's, interleaved; prints each round and the ratios. */
const compareWithBaseline = async ({
  baseline,
  current,
  previous,
  operations,
  tenantEvents,
}: {
  baseline: Baseline
  current: string
  previous: string
  operations: { name: string; paths: string[]; headers: Record<string, string> }[]
  tenantEvents: number
}): Promise<void> => {
  const sides = { current: 'current', baseline: `baseline ${baseline.ref}` }
  console.log(
    `[bench] current against baseline ${baseline.ref} (${baseline.commit.slice(0, 10)}), both uncached on the same database: a warm-up each, then ${baselineRounds} rounds alternating which goes first; ${seconds} s per measurement, ${concurrency} connections from a load generator in its own process, ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the start); tenant bench-0's ${tenantEvents} events read with a read key`,
  )
  const cells = [28, 22, 5, 7, 7, 7, 6]
  console.log(row(['operation', 'app', 'round', 'req/s', 'p50 ms', 'p99 ms', 'errors'], cells))
  const line = (operation: string, side: string, round: string, f: Figures): string =>
    row(
      [operation, side, round, f.rps.toFixed(0), f.p50.toFixed(1), f.p99.toFixed(1), f.errors],
      cells,
    )
  const results = await compareApps({
    current: { name: sides.current, origin: current },
    baseline: { name: sides.baseline, origin: previous },
    operations,
    rounds: baselineRounds,
    measure: ({ origin, paths, headers }) => measureReads({ origin, paths, headers }),
    onRound: ({ operation, side, round, figures: f }) =>
      console.log(line(operation, side, String(round), f)),
  })
  console.log(row(['median of rounds', 'app', '', 'req/s', 'p50 ms', 'p99 ms', 'errors'], cells))
  for (const r of results)
    for (const side of [sides.current, sides.baseline])
      console.log(line(r.operation, side, 'med', medianFigures(r.rounds[side] ?? [])))
  for (const r of results)
    console.log(
      `${r.operation}: current/baseline ${r.medianRatio.toFixed(2)}x (median req/s of ${baselineRounds} rounds; best-of-rounds ${r.bestRatio.toFixed(2)}x)${r.medianRatio < 0.9 ? '  BELOW 0.9' : ''}`,
    )
}

const main = async (): Promise<void> => {
  const alone = ['baseline', 'ticketing', 'scale', 'whatson', 'writes', 'hot']
  if (only !== undefined && !alone.includes(only))
    throw new Error(`BENCH_ONLY=${only}: the sections that run alone are ${alone.join(', ')}`)
  if ((only === 'baseline' || only === 'writes') && !baselineRef)
    throw new Error(`BENCH_ONLY=${only} needs BENCH_BASELINE=<git ref>`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-bench-'))
  fs.chmodSync(dataDir, 0o755)
  const cluster = await startEmbeddedPostgres({ dataDir })
  process.env.DATABASE_URI = cluster.connectionString
  process.env.PAYLOAD_SECRET = 'bench-secret-0123456789abcdef0123456789'
  process.env.CMS_DATA_DIR = dataDir
  process.env.DB_PUSH = 'false'
  // The apps deliver webhooks; this process only seeds.
  process.env.WEBHOOK_DELIVERY = 'off'
  // Payload in this process runs as in production: migrations, no development watchers.
  ;(process.env as Record<string, string>).NODE_ENV = 'production'
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  let baseline: Baseline | undefined
  try {
    // BENCH_BUILD=off reuses the last build (profiling the same code again, run after run).
    if (process.env.BENCH_BUILD !== 'off') {
      console.log('[bench] building the production app…')
      console.log(`[bench] built in ${buildApp({ root: projectRoot })} s`)
    }
    if (baselineRef) {
      baseline = checkoutBaseline({ ref: baselineRef })
      console.log(
        `[bench] building the baseline ${baselineRef} (${baseline.commit.slice(0, 10)}) in ${baseline.root}…`,
      )
      console.log(`[bench] built in ${buildApp({ root: baseline.root })} s`)
    }
    if (only === 'writes' && baseline) {
      await measureWritesAgainst({
        baselineRoot: baseline.root,
        seconds,
        concurrency,
        rounds: baselineRounds,
      })
      return
    }

    // The webhook receiver exists before the configuration is read: its address is allowed.
    const receiver = await startLatencyReceiver()
    const hanging = await startHangingReceiver()
    const allowedHosts = `${receiver.host},${hanging.host}`
    process.env.WEBHOOK_ALLOWED_HOSTS = allowedHosts
    const { getPayload } = await import('payload')
    const { default: config } = await import('../payload.config')
    const payload = await getPayload({ config })
    if (only === 'ticketing') {
      await measureTicketingSync({ payload, databaseUri: cluster.connectionString })
      await payload.destroy()
      return
    }
    const whatsOn = () =>
      measureWhatsOn({
        payload,
        databaseUri: cluster.connectionString,
        seconds,
        concurrency,
        print: (line) => console.log(line),
      })
    if (only === 'whatson') {
      await whatsOn()
      await payload.destroy()
      return
    }
    // The first user of an installation is its super-admin, who reads every tenant: the
    // editor both sides read as comes second, so Payload's REST runs the partner's query.
    await payload.create({
      collection: 'users',
      data: { email: 'admin@example.com', password: 'bench-password' },
    })
    console.log(`[bench] seeding ${events} events over ${tenantCount} tenants…`)
    const tenants = []
    for (let t = 0; t < tenantCount; t++) {
      tenants.push(
        await payload.create({
          collection: 'tenants',
          data: { name: `Bench ${t}`, slug: `bench-${t}` },
        }),
      )
    }
    const ids: string[] = []
    for (let i = 0; i < events; i++) {
      const tenant = tenants[i % tenantCount]!
      const doc = await payload.create({
        collection: 'events',
        data: {
          tenant: tenant.id,
          title: `Bench event ${i}`,
          // A programme note as editors write them: every answer renders its HTML.
          description: richText(
            heading('About the production'),
            paragraph(
              `Bench event ${i} is an evening of ${vocabulary[i % vocabulary.length]} and `,
              { bold: vocabulary[(i * 7) % vocabulary.length]! },
              ', with live music and a company of twelve.',
            ),
            bullets('Running time about 2 hours 30 minutes, one interval', 'Recommended age 12+'),
          ),
          venue: { city: 'Bench' },
          _status: 'published',
        } as never,
        draft: false,
      })
      if (tenant.slug === 'bench-0') ids.push(doc.id)
    }
    const key = (
      (await payload.create({
        collection: 'api-keys',
        data: { name: 'bench', tenants: [tenants[0]!.id], scope: 'read' },
      })) as unknown as { key: string }
    ).key
    const readWriteKey = (
      (await payload.create({
        collection: 'api-keys',
        data: { name: 'bench visibility', tenants: [tenants[0]!.id], scope: 'write' },
      })) as unknown as { key: string }
    ).key
    await payload.create({
      collection: 'users',
      data: {
        email: 'bench@example.com',
        password: 'bench-password',
        tenants: [{ tenant: tenants[0]!.id, roles: ['editor'] }],
      },
    })
    // Where a CPU profile of an instance goes, written when it stops: each app in a folder
    // named for it (`current`, `baseline`, `cached`), so they are told apart.
    const profiled = (side: string): Record<string, string> =>
      process.env.BENCH_PROFILE_DIR
        ? {
            NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(process.env.BENCH_PROFILE_DIR, side)}`,
          }
        : {}
    const uncachedEnv = (side: 'current' | 'baseline') => ({
      PARTNER_CACHE: 'off',
      ...profiled(side),
    })
    const hotPath = () =>
      measureHotPath({
        databaseUri: cluster.connectionString,
        dataDir,
        start: async ({ name, env }) => {
          const started = await startApp({
            databaseUri: cluster.connectionString,
            env: { ...env, ...profiled(name) },
          })
          return { ...started, pid: started.child.pid ?? 0 }
        },
        postgresPid: cluster.pid,
        tenant: 'bench-0',
        readKey: key,
        pages: Math.max(1, Math.floor(ids.length / 10)),
        seconds,
        concurrency,
        poolSize: Number(process.env.DB_POOL_MAX ?? 10),
        print: (line) => console.log(line),
      })
    if (only === 'hot') {
      await hotPath()
      return
    }
    const uncached = await startApp({
      databaseUri: cluster.connectionString,
      env: uncachedEnv('current'),
    })
    const partnerAuth = { authorization: `Bearer ${key}` }
    const pages = Math.max(1, Math.floor(ids.length / 10))
    // Every page of the tenant in four orders: as many different queries as a listing site's
    // visitors ask, so a cache keeps few of them.
    const listQueries = ['-createdAt', 'createdAt', 'title', '-title'].flatMap((sort) =>
      Array.from({ length: pages }, (_, i) => `limit=10&page=${i + 1}&sort=${sort}`),
    )
    const partnerBase = '/api/partners/2025-07/bench-0/events'
    const listPaths = listQueries.map((q) => `${partnerBase}?${q}`)
    const retrievePaths = ids.map((id) => `${partnerBase}/${id}`)
    const print = (line: string) => console.log(line)
    const scaleOut = async () => {
      await measureScaleOut({
        databaseUri: cluster.connectionString,
        tenant: 'bench-0',
        readKey: key,
        writeKey: readWriteKey,
        listPaths,
        seconds,
        concurrency,
        print,
      })
      await measureReplicaLag({
        databaseUri: cluster.connectionString,
        tenant: 'bench-0',
        writeKey: readWriteKey,
        ids: ids.slice(0, 50),
        print,
      })
      await measureUploads({
        databaseUri: cluster.connectionString,
        tenant: 'bench-0',
        writeKey: readWriteKey,
        seconds,
        concurrency: Math.min(concurrency, 4),
        print,
      })
    }
    if (only === 'scale') {
      await uncached.stop()
      await scaleOut()
      return
    }

    if (baseline) {
      const before = await startApp({
        databaseUri: cluster.connectionString,
        env: uncachedEnv('baseline'),
        root: baseline.root,
      })
      try {
        await compareWithBaseline({
          baseline,
          current: uncached.origin,
          previous: before.origin,
          operations: [
            { name: 'list (uncached)', paths: listPaths, headers: partnerAuth },
            { name: 'retrieve (uncached)', paths: retrievePaths, headers: partnerAuth },
          ],
          tenantEvents: ids.length,
        })
      } finally {
        await before.stop()
      }
      if (only === 'baseline') {
        await uncached.stop()
        return
      }
    }

    app = await startApp({ databaseUri: cluster.connectionString })
    // The same uncached partner layer reading through Payload's `find`: what its own reads
    // (`reads/`: Payload's query builder, the plan's columns, no per-document hooks) buy, in
    // this run.
    const viaPayload = await startApp({
      databaseUri: cluster.connectionString,
      env: { PARTNER_CACHE: 'off', PARTNER_SQL_READS: 'off' },
    })
    const login = await fetch(`${app.origin}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
    })
    const { token } = (await login.json()) as { token: string }
    const payloadAuth = { authorization: `JWT ${token}` }
    const cases = [
      {
        name: 'list, limit 10, varied queries (uncached)',
        origin: uncached.origin,
        unchanged: viaPayload.origin,
        partner: listPaths,
        payload: listQueries.map((q) => `/api/events?${q}&depth=0&draft=true`),
      },
      {
        name: 'retrieve, varied ids (uncached)',
        origin: uncached.origin,
        unchanged: viaPayload.origin,
        partner: retrievePaths,
        payload: ids.map((id) => `/api/events/${id}?depth=0&draft=true`),
      },
      {
        name: 'list, limit 10, one repeated query',
        origin: app.origin,
        partner: [`${partnerBase}?limit=10&sort=-createdAt`],
        payload: ['/api/events?limit=10&sort=-createdAt&depth=0&draft=true'],
      },
      {
        name: 'retrieve, one repeated id',
        origin: app.origin,
        partner: [`${partnerBase}/${ids[0]}`],
        payload: [`/api/events/${ids[0]}?depth=0&draft=true`],
      },
    ]
    console.log(
      `[bench] ${seconds} s per measurement, ${concurrency} connections from a load generator in its own process, ${os.cpus().length} cores; both sides read tenant bench-0's ${ids.length} events as that tenant (a read key, an editor)`,
    )
    console.log(row(['read', 'layer', 'req/s', 'p50 ms', 'p99 ms', 'errors'], widths))
    for (const c of cases) {
      // Warm-up, not reported.
      await measureReads({ origin: c.origin, paths: c.payload, headers: payloadAuth })
      await measureReads({ origin: c.origin, paths: c.partner, headers: partnerAuth })
      const own = await measureReads({ origin: c.origin, paths: c.payload, headers: payloadAuth })
      const ours = await measureReads({ origin: c.origin, paths: c.partner, headers: partnerAuth })
      console.log(figuresRow(c.name, 'payload', own))
      console.log(figuresRow(c.name, 'partner', ours))
      console.log(
        `${c.name.padEnd(44)} | partner: ${(ours.rps / own.rps).toFixed(2)}x Payload's throughput`,
      )
      figures.set(c.name, ours)
      if ('unchanged' in c && c.unchanged) {
        await measureReads({ origin: c.unchanged, paths: c.partner, headers: partnerAuth })
        const before = await measureReads({
          origin: c.unchanged,
          paths: c.partner,
          headers: partnerAuth,
        })
        console.log(figuresRow(c.name, 'partner, Payload reads', before))
        console.log(
          `${c.name.padEnd(44)} | own SQL: ${(ours.rps / before.rps).toFixed(2)}x the partner layer reading through Payload (PARTNER_SQL_READS=off)`,
        )
      }
    }
    await viaPayload.stop()

    // Full-text search over the same events: one word, two words, and a word with a filter.
    const searches = vocabulary.flatMap((word, i) => [
      `search=${word}&limit=10`,
      `search=${word}%20${vocabulary[(i + 3) % vocabulary.length]}&limit=10`,
      `search=${word}&limit=10&where[title][like]=event`,
    ])
    await measureReads({
      origin: uncached.origin,
      paths: searches.map((q) => `${partnerBase}?${q}`),
      headers: partnerAuth,
    })
    const searched = await measureReads({
      origin: uncached.origin,
      paths: searches.map((q) => `${partnerBase}?${q}`),
      headers: partnerAuth,
    })
    const searchName = 'list, search=<words>, varied (uncached)'
    console.log(figuresRow(searchName, 'partner', searched))
    const listed = figures.get('list, limit 10, varied queries (uncached)')
    if (listed)
      console.log(
        `${searchName.padEnd(44)} | ${(searched.rps / listed.rps).toFixed(2)}x the uncached list`,
      )

    await whatsOn()

    // A write, then reads: on the instance that took it, and on another one.
    const second = await startApp({ databaseUri: cluster.connectionString })
    try {
      const visible = await measureVisibility({
        writer: app.origin,
        other: second.origin,
        tenant: 'bench-0',
        ids: ids.slice(0, 20),
        writeKey: readWriteKey,
        readKey: key,
      })
      console.log(
        `write visible: next read on the same instance ${visible.sameInstance}/${visible.writes}; on another instance after p50 ${visible.otherP50.toFixed(1)} ms, max ${visible.otherMax.toFixed(1)} ms`,
      )
    } finally {
      await second.stop()
    }

    // The same reads at scale: BENCH_LARGE_EVENTS over 100 tenants, one of them a tenth.
    if (largeEvents > 0) {
      console.log(`[bench] copying ${largeEvents} events over 100 tenants in SQL…`)
      const scale = []
      for (let t = 0; t < 100; t++)
        scale.push(
          await payload.create({
            collection: 'tenants',
            data: { name: `Scale ${t}`, slug: `scale-${t}` },
          }),
        )
      const template = await payload.create({
        collection: 'events',
        data: { tenant: scale[0]!.id, title: 'Template', venue: { city: 'Bench' } },
        draft: false,
      })
      const client = new pg.Client({ connectionString: cluster.connectionString })
      await client.connect()
      try {
        await copyEvents({
          client,
          templateId: template.id,
          tenants: [...Array<string>(10).fill(scale[0]!.id), ...scale.map((t) => t.id)],
          count: largeEvents,
        })
        const big = scale[0]!.id
        const scaleKey = (
          (await payload.create({
            collection: 'api-keys',
            data: { name: 'scale', tenants: [big], scope: 'read' },
          })) as unknown as { key: string }
        ).key
        const rows = (
          await client.query<{ id: string; at: Date }>(
            `select parent_id as id, version_created_at as at from _events_v where latest and version_tenant_id = $1 order by version_created_at desc, parent_id desc`,
            [big],
          )
        ).rows
        // Cursors to pages 500 to 600, made as the answers make them.
        const cursors = rows
          .filter((_, i) => i >= 4_989 && i < 5_999 && (i + 1) % 10 === 0)
          .map((row, i) =>
            encodeListCursor({
              sort: '-createdAt',
              value: row.at.toISOString(),
              id: row.id,
              page: 501 + i,
            }),
          )
        const scaleBase = '/api/partners/2025-07/scale-0/events'
        const auth = { authorization: `Bearer ${scaleKey}` }
        const pick = rows.filter((_, i) => i % 10 === 0).map((r) => r.id)
        const largeCases = [
          {
            name: 'list, page 1',
            paths: [`${scaleBase}?limit=10&sort=-createdAt`],
            than: 'list, limit 10, varied queries (uncached)',
          },
          {
            name: 'list, pages 500-600 by page',
            paths: Array.from({ length: 100 }, (_, i) => `${scaleBase}?limit=10&page=${500 + i}`),
            than: 'list, limit 10, varied queries (uncached)',
          },
          {
            name: 'list, pages 500-600 by cursor',
            paths: cursors.map((c) => `${scaleBase}?limit=10&cursor=${c}`),
            than: 'list, limit 10, varied queries (uncached)',
          },
          {
            name: 'retrieve, varied ids',
            paths: pick.map((id) => `${scaleBase}/${id}`),
            than: 'retrieve, varied ids (uncached)',
          },
        ]
        console.log(
          `[bench] ${largeEvents + 3_000} events in all; tenant scale-0 has ${rows.length}; uncached`,
        )
        console.log(row(['at scale', 'layer', 'req/s', 'p50 ms', 'p99 ms', 'errors'], widths))
        for (const c of largeCases) {
          await measureReads({ origin: uncached.origin, paths: c.paths, headers: auth })
          const r = await measureReads({ origin: uncached.origin, paths: c.paths, headers: auth })
          console.log(figuresRow(c.name, 'partner', r))
          const small = figures.get(c.than)
          if (small)
            console.log(
              `${c.name.padEnd(44)} | ${(r.rps / small.rps).toFixed(2)}x the figure at 3k events`,
            )
        }
      } finally {
        await client.end()
      }
    }
    await uncached.stop()
    if (process.env.BENCH_SCALE !== 'off') await scaleOut()
    // The hot path starts its own instances: the first alone on the database.
    await app.stop()
    await hotPath()

    if (process.env.BENCH_WRITES === 'off') return
    // Writes: the change log's cost, and how soon a webhook follows a commit.
    const writeKey = (
      (await payload.create({
        collection: 'api-keys',
        data: { name: 'bench writes', tenants: [tenants[1]!.id], scope: 'write' },
      })) as unknown as { key: string }
    ).key
    await payload.create({
      collection: 'webhooks',
      data: { tenant: tenants[1]!.id, url: receiver.url, kinds: ['events'] },
    })
    // The noisy neighbour of the fairness figure: bench-2, whose receiver never answers.
    const noisyKey = (
      (await payload.create({
        collection: 'api-keys',
        data: { name: 'bench noisy', tenants: [tenants[2]!.id], scope: 'write' },
      })) as unknown as { key: string }
    ).key
    const noisyWebhook = await payload.create({
      collection: 'webhooks',
      data: { tenant: tenants[2]!.id, url: hanging.url },
    })
    await app.stop()
    const writeEnv = { WEBHOOK_DELIVERY: 'on', WEBHOOK_ALLOWED_HOSTS: allowedHosts }
    app = await startApp({ databaseUri: cluster.connectionString, env: writeEnv })
    const logged = app.origin
    const bare = await startApp({
      databaseUri: cluster.connectionString,
      env: { BENCH_WITHOUT_CHANGE_LOG: '1' },
    })
    try {
      const creates = (origin: string, tenant: string) =>
        measureCreates({ origin, tenant, key: writeKey, seconds, concurrency })
      await creates(bare.origin, 'bench-1') // warm-up, not reported
      await creates(logged, 'bench-1')
      // bench-1 has a subscription: its creates also queue a delivery.
      const without = await creates(bare.origin, 'bench-1')
      const withLog = await creates(logged, 'bench-1')
      console.log(row(['write', 'app', 'req/s', 'p50 ms', 'p99 ms', 'errors'], widths))
      console.log(figuresRow('create an event (partner)', 'no log', without))
      console.log(figuresRow('create an event (partner)', 'logged', withLog))
      console.log(
        `${'create an event (partner)'.padEnd(44)} | with the change log and a webhook queued: ${((withLog.rps / without.rps) * 100).toFixed(0)}% of the throughput without`,
      )
      // Performances one a request against 100 a request (one transaction each), same app.
      const event = await fetch(`${logged}/api/partners/2025-07/bench-1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bench run', _status: 'published' }),
      })
      const eventId = String(((await event.json()) as { id: string }).id)
      const performances = (batch: number) =>
        measurePerformanceCreates({
          origin: logged,
          tenant: 'bench-1',
          key: writeKey,
          event: eventId,
          batch,
          seconds,
          concurrency: batch > 1 ? 2 : concurrency,
        })
      const single = await performances(1)
      const batched = await performances(100)
      console.log(figuresRow('create a performance (partner)', 'one a request', single))
      console.log(figuresRow('create performances (partner batch)', '100 a request', batched))
      console.log(
        `${'create performances (partner)'.padEnd(44)} | ${single.rps.toFixed(0)} records/s one a request, ${(batched.rps * 100).toFixed(0)} records/s 100 a request: ${((batched.rps * 100) / single.rps).toFixed(2)}x`,
      )
      // The same on an event saved as often as its versions are kept (50): a performance's
      // write updates the event's row and latest version, whatever the event's history.
      const savedOften = await fetch(`${logged}/api/partners/2025-07/bench-1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bench run, saved often', _status: 'published' }),
      })
      const savedOftenId = String(((await savedOften.json()) as { id: string }).id)
      for (let save = 1; save < 50; save++) {
        const res = await fetch(`${logged}/api/partners/2025-07/bench-1/events/${savedOftenId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Bench run, saved ${save + 1} times` }),
        })
        if (res.status !== 200)
          throw new Error(`a save of the bench's event answered ${res.status}`)
      }
      const often = await measurePerformanceCreates({
        origin: logged,
        tenant: 'bench-1',
        key: writeKey,
        event: savedOftenId,
        batch: 1,
        seconds,
        concurrency,
      })
      console.log(figuresRow('create a performance (partner)', 'event saved 50 times', often))
      console.log(
        `${'create a performance (partner)'.padEnd(44)} | of an event saved 50 times: ${((often.rps / single.rps) * 100).toFixed(0)}% of the rate for one saved once`,
      )
      const timed = await startApp({
        databaseUri: cluster.connectionString,
        env: { SERVER_TIMING: 'on' },
      })
      try {
        await measureCreateSteps({
          origin: timed.origin,
          tenant: 'bench-1',
          key: writeKey,
          count: 200,
          print: (line) => console.log(line),
        })
      } finally {
        await timed.stop()
      }
      const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 20)
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const latency = await measureDeliveryLatency({
        origin: logged,
        tenant: 'bench-1',
        key: writeKey,
        rate,
        seconds,
        arrivals: receiver.arrivals,
      })
      console.log(
        `webhook delivery at ${rate} changes/s: ${latency.received}/${latency.sent} arrived; write sent to message received p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms (the write's own answer: p50 ${latency.answerP50.toFixed(1)} ms; ${latency.beforeAnswer} messages arrived before their write's answer)`,
      )
      const fairness = await measureNoisyNeighbour({
        origin: logged,
        quiet: { tenant: 'bench-1', key: writeKey, arrivals: receiver.arrivals },
        noisy: { tenant: 'bench-2', key: noisyKey, webhookId: String(noisyWebhook.id) },
        rate,
        seconds,
      })
      const { calm, stormy } = fairness
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a')
      console.log(
        `noisy neighbour (bench-2's receiver hangs; it writes, sends test messages, searches and converts Markdown flat out): bench-1's delivery p50 ${calm.delivery.p50.toFixed(1)} → ${stormy.delivery.p50.toFixed(1)} ms (${ratio(stormy.delivery.p50, calm.delivery.p50)}x), p99 ${calm.delivery.p99.toFixed(1)} → ${stormy.delivery.p99.toFixed(1)} ms (${ratio(stormy.delivery.p99, calm.delivery.p99)}x), ${stormy.delivery.received}/${stormy.delivery.sent} arrived; read p99 ${calm.reads.p99.toFixed(1)} → ${stormy.reads.p99.toFixed(1)} ms (${ratio(stormy.reads.p99, calm.reads.p99)}x), read errors ${stormy.reads.errors}`,
      )
      for (const [what, f] of Object.entries(fairness.noisy))
        console.log(
          `noisy neighbour: bench-2's ${what.padEnd(11)} ${f.rps.toFixed(0)} req/s, answered ${JSON.stringify(f.statuses ?? {})}`,
        )
    } finally {
      await bare.stop()
      await receiver.close()
      await hanging.close()
    }
    if (process.env.BENCH_TICKETING !== 'off')
      await measureTicketingSync({ payload, databaseUri: cluster.connectionString })
    await payload.destroy()
  } finally {
    await app?.stop()
    baseline?.remove()
    const { runShutdownHooks } = await import('../src/lib/shutdown')
    await runShutdownHooks({ drained: true })
    await cluster.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
