import fs from 'node:fs'

import type { Payload } from 'payload'
import pg from 'pg'

import { startApp } from '../tests/helpers/app'
import {
  makeCatalogue,
  startFakeSpektrix,
  statusJson,
  type Catalogue,
  type FakeSpektrix,
} from '../tests/helpers/fakeSpektrix'
import {
  makeTessituraCatalogue,
  startFakeTessitura,
  type FakeTessitura,
} from '../tests/helpers/fakeTessitura'

/** The targets on this machine, in seconds: the ratios are against them. */
const targets = { first: 30, unchanged: 3, availability: 5 }

type RunFigures = {
  seconds: number
  counts: Record<string, number>
  writes: number
  changeLogRows: number
  peakRssMb: number
  startRssMb: number
}

/** The resident set of a process, in MiB, from /proc (Linux), or 0 where there is none. */
const rssMb = (pid: number | undefined): number => {
  if (!pid) return 0
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return line ? Number(line[1]) / 1024 : 0
  } catch {
    return 0
  }
}

/**
 * The box-office sync against a Spektrix stand-in on loopback serving `events` events with
 * `instancesPerEvent` performances each: the first import, the same run again with nothing
 * changed, and again with `changes` availability changes. Each run is asked for through the
 * partner API and timed from its request to its end as the run records it; the app's resident
 * memory is sampled while it runs. The stand-in runs in this process, the app in its own.
 */

/**
 * A connection made as a partner makes it, that imports everything two years ahead and refreshes
 * availability only when the bench asks (a scheduled refresh would run beside the measured runs),
 * and how to count its tenant's change-log rows.
 */
const benchConnection = async ({
  client,
  base,
  headers,
  tenantId,
  body,
}: {
  client: pg.Client
  base: string
  headers: Record<string, string>
  tenantId: string
  body: Record<string, unknown>
}) => {
  const created = await fetch(`${base}/ticketing-connections`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      daysAhead: 730,
      importNewEvents: true,
      syncToPublished: true,
      availabilityEveryMinutes: 0,
      ...body,
    }),
  })
  if (created.status !== 201)
    throw new Error(`${String(body.name)} connection: ${created.status} ${await created.text()}`)
  const { id } = (await created.json()) as { id: string }
  const changeLogRows = async (): Promise<number> =>
    Number(
      (
        await client.query<{ n: string }>(
          'select count(*) as n from change_log where tenant_id = $1',
          [tenantId],
        )
      ).rows[0]?.n ?? 0,
    )
  return { id, changeLogRows }
}

export const measureTicketingSync = async ({
  payload,
  databaseUri,
  events = 200,
  instancesPerEvent = 10,
  changes = 100,
}: {
  payload: Payload
  databaseUri: string
  events?: number
  instancesPerEvent?: number
  changes?: number
}): Promise<void> => {
  const catalogue = makeCatalogue({
    events,
    instancesPerEvent,
    from: new Date(Date.now() + 86_400_000),
  })
  const spektrix = await startFakeSpektrix({ clientName: 'benchhouse', catalogue })
  const tessitura = await startFakeTessitura({
    catalogue: makeTessituraCatalogue({ seasons: events, perSeason: instancesPerEvent }),
  })
  const tenant = await payload.create({
    collection: 'tenants',
    data: { name: 'Bench Box Office', slug: 'bench-boxoffice' },
  })
  const key = (
    (await payload.create({
      collection: 'api-keys',
      data: { name: 'bench sync', tenants: [tenant.id], scope: 'write' },
    })) as unknown as { key: string }
  ).key
  const app = await startApp({
    databaseUri,
    env: {
      TICKETING_ALLOWED_HOSTS: `${spektrix.host},${tessitura.host}`,
      TICKETING_POLL_MS: '200',
    },
  })
  const client = new pg.Client({ connectionString: databaseUri })
  await client.connect()
  const base = `${app.origin}/api/partners/2025-07/bench-boxoffice`
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  try {
    const connection = await benchConnection({
      client,
      base,
      headers,
      tenantId: tenant.id,
      body: {
        name: 'Spektrix',
        provider: 'spektrix',
        spektrix: { clientName: 'benchhouse', baseUrl: spektrix.origin },
      },
    })

    const run = async (): Promise<RunFigures> => {
      const logBefore = await connection.changeLogRows()
      const startRssMb = rssMb(app.child.pid)
      let peak = startRssMb
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.child.pid))), 50)
      const started = performance.now()
      try {
        const asked = await fetch(`${base}/ticketing-connections/${connection.id}/sync`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ dryRun: false }),
        })
        if (asked.status !== 202) throw new Error(`sync: ${asked.status} ${await asked.text()}`)
        const { id } = (await asked.json()) as { id: string }
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          const got = (await (
            await fetch(`${base}/ticketing-sync-runs/${id}`, { headers })
          ).json()) as { status: string; counts: Record<string, number>; message?: string }
          if (got.status === 'failed') throw new Error(`the run failed: ${got.message}`)
          if (got.status !== 'succeeded') continue
          const seconds = (performance.now() - started) / 1000
          const { created: c = 0, updated = 0, cancelled = 0, removed = 0 } = got.counts
          return {
            seconds,
            counts: got.counts,
            writes: c + updated + cancelled + removed,
            changeLogRows: (await connection.changeLogRows()) - logBefore,
            peakRssMb: peak,
            startRssMb,
          }
        }
      } finally {
        clearInterval(sampler)
      }
    }

    const line = (name: string, target: number, f: RunFigures): string =>
      `${name.padEnd(44)} | ${f.seconds.toFixed(1).padStart(6)} s (${(f.seconds / target).toFixed(2)}x the ${target} s target) | ${(f.writes / f.seconds).toFixed(0).padStart(5)} writes/s | change log +${f.changeLogRows} | app RSS ${f.startRssMb.toFixed(0)} → peak ${f.peakRssMb.toFixed(0)} MiB | ${JSON.stringify(f.counts)}`
    const total = events * instancesPerEvent
    console.log(
      `[bench] box-office sync: a Spektrix stand-in on loopback with ${events} events and ${total} performances; runs asked for through the partner API, timed from the request to the run's end`,
    )
    console.log(line(`first import (${events} + ${total} records)`, targets.first, await run()))
    console.log(line('again, nothing changed', targets.unchanged, await run()))
    for (const instance of catalogue.instances.slice(0, changes))
      catalogue.statuses.set(instance.id, statusJson({ available: 0 }))
    console.log(line(`again, ${changes} availability changes`, targets.availability, await run()))
    console.log(
      await measureAvailabilityRefresh({
        client,
        base,
        headers,
        connectionId: connection.id,
        tenantId: tenant.id,
        spektrix,
        catalogue,
        changes,
        changeLogRows: connection.changeLogRows,
      }),
    )
    console.log(
      await measureTessituraRefresh({ payload, client, origin: app.origin, tessitura, changes }),
    )
  } finally {
    await client.end()
    await app.stop()
    await spektrix.stop()
    await tessitura.close()
  }
}

/**
 * One availability refresh of the same connection after `changes` more performances (the
 * soonest not yet sold out, all within the refresh's days ahead) sold out: queued as the
 * schedule queues it, and timed from then to the run's end as it records it. Says the seconds,
 * the provider calls it made, its writes and its change-log rows (each `changes` when only the
 * changed performances are written).
 */
const measureAvailabilityRefresh = async ({
  client,
  base,
  headers,
  connectionId,
  tenantId,
  spektrix,
  catalogue,
  changes,
  changeLogRows,
}: {
  client: pg.Client
  base: string
  headers: Record<string, string>
  connectionId: string
  tenantId: string
  spektrix: FakeSpektrix
  catalogue: Catalogue
  changes: number
  changeLogRows: () => Promise<number>
}): Promise<string> => {
  const refreshOnce = refreshWith({
    client,
    base,
    headers,
    connectionId,
    tenantId,
    provider: 'spektrix',
    calls: () => spektrix.state.requests.length,
    changeLogRows,
  })
  const lines: string[] = []
  // First with nothing changed: a full sync that leaves a live field unwritten (the engine on
  // main before the provider-neutral one writes no `providerStatus`) shows here, not below.
  lines.push(await refreshOnce('availability refresh, nothing changed'))
  const soonest = catalogue.instances
    .filter((i) => (catalogue.statuses.get(i.id)?.available ?? 1) > 0)
    .sort((a, b) => a.startUtc.localeCompare(b.startUtc))
    .slice(0, changes)
  for (const instance of soonest) catalogue.statuses.set(instance.id, statusJson({ available: 0 }))
  lines.push(await refreshOnce(`availability refresh, ${changes} sold out`))
  return lines.join('\n')
}

const refreshWith =
  ({
    client,
    base,
    headers,
    connectionId,
    tenantId,
    provider,
    calls: callsSoFar,
    changeLogRows,
  }: {
    client: pg.Client
    base: string
    headers: Record<string, string>
    connectionId: string
    tenantId: string
    provider: 'spektrix' | 'tessitura'
    /** The calls the box office has answered so far. */
    calls: () => number
    changeLogRows: () => Promise<number>
  }) =>
  async (name: string): Promise<string> => {
    const logBefore = await changeLogRows()
    const callsBefore = callsSoFar()
    const started = performance.now()
    const { rows } = await client.query<{ id: string }>(
      `insert into ticketing_sync_runs
      (tenant_id, connection_id, provider, kind, status, dry_run, confirm_removals, trigger,
       queued_at, attempts, counts_created, counts_updated, counts_unchanged, counts_cancelled,
       counts_removed, counts_failed, needs_confirmation, updated_at, created_at)
     values ($1, $2, $3, 'availability', 'queued', false, false, 'manual', now(), 0,
       0, 0, 0, 0, 0, 0, false, now(), now())
     returning id`,
      [tenantId, connectionId, provider],
    )
    const id = rows[0]!.id
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const got = (await (
        await fetch(`${base}/ticketing-sync-runs/${id}`, { headers })
      ).json()) as {
        status: string
        counts: Record<string, number>
        message?: string
      }
      if (got.status === 'failed') throw new Error(`the refresh failed: ${got.message}`)
      if (got.status !== 'succeeded') continue
      const seconds = (performance.now() - started) / 1000
      const { updated = 0, cancelled = 0 } = got.counts
      const calls = callsSoFar() - callsBefore
      return `${name.padEnd(44)} | ${seconds.toFixed(1).padStart(6)} s (${(seconds / targets.availability).toFixed(2)}x the ${targets.availability} s target) | ${calls} provider calls | ${updated + cancelled} writes | change log +${(await changeLogRows()) - logBefore} | ${JSON.stringify(got.counts)}`
    }
  }

/**
 * The same refresh with a Tessitura stand-in (`makeTessituraCatalogue`: production seasons of
 * daily performances from tomorrow, all within the refresh's 14 days) for a tenant of its own:
 * the first import asked for through the partner API, a refresh with nothing changed, then one
 * after `changes` performances sold out (their zones at 0). A Tessitura refresh reads Search
 * by season (a hundred seasons a call) and the zones (a hundred performances a call).
 */
const measureTessituraRefresh = async ({
  payload,
  client,
  origin,
  tessitura,
  changes,
}: {
  payload: Payload
  client: pg.Client
  origin: string
  tessitura: FakeTessitura
  changes: number
}): Promise<string> => {
  const tenant = await payload.create({
    collection: 'tenants',
    data: { name: 'Bench Tessitura', slug: 'bench-tessitura' },
  })
  const key = (
    (await payload.create({
      collection: 'api-keys',
      data: { name: 'bench tessitura', tenants: [tenant.id], scope: 'write' },
    })) as unknown as { key: string }
  ).key
  const base = `${origin}/api/partners/2025-07/bench-tessitura`
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  const connection = await benchConnection({
    client,
    base,
    headers,
    tenantId: tenant.id,
    body: {
      name: 'Tessitura',
      provider: 'tessitura',
      tessitura: { baseUrl: tessitura.baseUrl, tnewAddress: 'https://tickets.example.org/events' },
      credentials: tessitura.credentials,
    },
  })
  const performances = tessitura.catalogue.performances.length
  const lines = [
    `[bench] availability refresh with a Tessitura stand-in: ${tessitura.catalogue.seasons.length} production seasons, ${performances} performances, all within the refresh's days ahead`,
  ]
  const started = performance.now()
  const asked = await fetch(`${base}/ticketing-connections/${connection.id}/sync`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ dryRun: false }),
  })
  if (asked.status !== 202) throw new Error(`tessitura sync: ${asked.status} ${await asked.text()}`)
  const { id } = (await asked.json()) as { id: string }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const got = (await (await fetch(`${base}/ticketing-sync-runs/${id}`, { headers })).json()) as {
      status: string
      counts: Record<string, number>
      message?: string
    }
    if (got.status === 'failed') throw new Error(`the Tessitura import failed: ${got.message}`)
    if (got.status !== 'succeeded') continue
    lines.push(
      `${'Tessitura first import (full sync)'.padEnd(44)} | ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s | ${tessitura.requests.length} provider calls | ${JSON.stringify(got.counts)}`,
    )
    break
  }
  const refreshOnce = refreshWith({
    client,
    base,
    headers,
    connectionId: connection.id,
    tenantId: String(tenant.id),
    provider: 'tessitura',
    calls: () => tessitura.requests.length,
    changeLogRows: connection.changeLogRows,
  })
  lines.push(await refreshOnce('Tessitura refresh, nothing changed'))
  const soonest = [...tessitura.catalogue.performances]
    .sort((a, b) => a.PerformanceDate.localeCompare(b.PerformanceDate))
    .slice(0, changes)
  for (const p of soonest) tessitura.sellOut(p.PerformanceId)
  lines.push(await refreshOnce(`Tessitura refresh, ${changes} sold out`))
  return lines.join('\n')
}
