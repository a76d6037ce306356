import { startApp, type RunningApp } from '../tests/helpers/app'
import { startBalancer, type Balancer } from '../tests/helpers/balancer'
import { measure, type Figures } from './load'
import { measureCreates } from './writes'

/**
 * Reads and writes through nginx in front of one instance and in front of three, on the same
 * database. On two cores three instances cannot be faster than one: the figure is what the
 * balancer and the instances' coordination (shared rate-limit counts, the catch-up with the
 * change channel before a cached answer is used, webhook and job claims) cost, as a ratio.
 */
export const measureScaleOut = async ({
  databaseUri,
  tenant,
  readKey,
  writeKey,
  listPaths,
  seconds,
  concurrency,
  print,
}: {
  databaseUri: string
  tenant: string
  readKey: string
  writeKey: string
  /** Varied list queries of the tenant's events. */
  listPaths: string[]
  seconds: number
  concurrency: number
  print: (line: string) => void
}): Promise<void> => {
  const apps: RunningApp[] = []
  const balancers: Balancer[] = []
  try {
    for (let i = 0; i < 3; i++) apps.push(await startApp({ databaseUri }))
    const hosts = apps.map((a) => new URL(a.origin).host)
    const one = await startBalancer({ upstreams: hosts.slice(0, 1) })
    balancers.push(one)
    const three = await startBalancer({ upstreams: hosts })
    balancers.push(three)
    const read = { authorization: `Bearer ${readKey}` }
    const cases: { name: string; run: (origin: string) => Promise<Figures> }[] = [
      {
        name: 'read, one repeated query (cached)',
        run: (origin) =>
          measure({
            origin,
            paths: listPaths.slice(0, 1),
            headers: read,
            expected: 200,
            seconds,
            concurrency,
          }),
      },
      {
        name: 'read, varied queries',
        run: (origin) =>
          measure({ origin, paths: listPaths, headers: read, expected: 200, seconds, concurrency }),
      },
      {
        name: 'create an event',
        run: (origin) => measureCreates({ origin, tenant, key: writeKey, seconds, concurrency }),
      },
    ]
    print(
      `[bench] through nginx (round robin) in front of 1 and of 3 instances on one database; ${seconds} s per measurement, ${concurrency} connections`,
    )
    print(
      ['operation'.padEnd(36), 'direct', 'nginx→1', 'nginx→3', '3/1', 'nginx→1/direct'].join(' | '),
    )
    for (const c of cases) {
      await c.run(three.origin) // warm-up of every instance, not reported
      const direct = await c.run(apps[0]!.origin)
      const viaOne = await c.run(one.origin)
      const viaThree = await c.run(three.origin)
      const errors = direct.errors + viaOne.errors + viaThree.errors
      print(
        [
          c.name.padEnd(36),
          `${direct.rps.toFixed(0)}/s`,
          `${viaOne.rps.toFixed(0)}/s`,
          `${viaThree.rps.toFixed(0)}/s`,
          `${(viaThree.rps / viaOne.rps).toFixed(2)}x`,
          `${(viaOne.rps / direct.rps).toFixed(2)}x`,
          `p99 ${direct.p99.toFixed(1)} / ${viaOne.p99.toFixed(1)} / ${viaThree.p99.toFixed(1)} ms`,
          errors ? `errors ${errors}` : '',
        ].join(' | '),
      )
    }
  } finally {
    for (const b of balancers) await b.stop()
    await Promise.all(apps.map((a) => a.stop()))
  }
}
