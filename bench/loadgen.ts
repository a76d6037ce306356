/**
 * The load generator, run in its own process (`measure` in load.ts spawns it) so the
 * process being measured does not share its cores' time with the one measuring it beyond what
 * the machine forces. Reads a `LoadSpec` as JSON on stdin, drives autocannon, and writes
 * `Figures` as JSON on stdout.
 */
import autocannon from 'autocannon'

import type { Figures, LoadSpec } from './load'

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const run = async (): Promise<Figures> => {
  const spec = JSON.parse(await readStdin()) as LoadSpec
  let n = 0
  const bytes = spec.bodyBase64 ? Buffer.from(spec.bodyBase64, 'base64') : undefined
  const pick = (): string => spec.paths[Math.floor(Math.random() * spec.paths.length)] ?? '/'
  const result = await autocannon({
    url: spec.origin,
    connections: spec.concurrency,
    duration: spec.seconds,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: pick(),
          ...(bytes ? { body: bytes } : {}),
          ...(spec.body && !bytes ? { body: spec.body.replaceAll('[n]', String(n++)) } : {}),
        }),
      },
    ],
  })
  const answered = Object.values(result.statusCodeStats ?? {}).reduce(
    (sum, { count }) => sum + (count ?? 0),
    0,
  )
  const expected = result.statusCodeStats?.[String(spec.expected) as '200']?.count ?? 0
  return {
    rps: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: answered - expected + result.errors + result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
    ),
  }
}

run().then(
  (figures) => {
    process.stdout.write(JSON.stringify(figures))
    process.exit(0)
  },
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
