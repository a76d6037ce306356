import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

export type Figures = {
  rps: number
  p50: number
  p99: number
  errors: number
  /** Answers by status code. */
  statuses?: Record<string, number>
}

/** One measurement: `concurrency` connections sending requests back to back for `seconds`. */
export type LoadSpec = {
  origin: string
  method?: 'GET' | 'POST' | 'PATCH'
  headers: Record<string, string>
  /** Each request takes one of these paths at random. */
  paths: string[]
  /** Sent with every request; `[n]` becomes a counter, so each body differs. */
  body?: string
  /** Bytes sent as they are with every request (an upload), instead of `body`. */
  bodyBase64?: string
  expected: number
  seconds: number
  concurrency: number
}

const generator = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loadgen.ts')

/**
 * Requests a second, p50 and p99 in ms, and how many did not answer `expected`, measured by a
 * load generator in its own process (bench/loadgen.ts).
 */
export const measure = (spec: LoadSpec): Promise<Figures> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', generator], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Figures)
        : reject(new Error(`the load generator exited with ${code}`)),
    )
    child.stdin.end(JSON.stringify(spec))
  })

const millisecondsOf = (figure: string): number => {
  const match = /^([\d.]+)(us|ms|s)$/.exec(figure)
  if (!match) return Number.NaN
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
}

/** Whether wrk is on the PATH: the lighter load generator, for one path read back to back. */
export const hasWrk = (): boolean => spawnSync('wrk', ['--version']).error === undefined

/**
 * One path read back to back by wrk (one thread, in its own process) with `concurrency`
 * connections: a generator that costs far less a request than autocannon, so a server that
 * answers tens of thousands a second is measured, not the generator. Errors are answers other
 * than 2xx and 3xx, and socket errors.
 */
export const measureWrk = ({
  origin,
  path: at,
  headers,
  seconds,
  concurrency,
}: {
  origin: string
  path: string
  headers: Record<string, string>
  seconds: number
  concurrency: number
}): Promise<Figures> =>
  new Promise((resolve, reject) => {
    const args = ['-t1', `-c${concurrency}`, `-d${seconds}s`, '--latency']
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
    const child = spawn('wrk', [...args, `${origin}${at}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => {
      const number = (pattern: RegExp): string | undefined => pattern.exec(out)?.[1]
      const rps = Number(number(/Requests\/sec:\s+([\d.]+)/))
      if (code !== 0 || !Number.isFinite(rps)) {
        reject(new Error(`wrk exited with ${code}: ${out}`))
        return
      }
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
        .exec(out)
        ?.slice(1)
        .reduce((sum, n) => sum + Number(n), 0)
      resolve({
        rps,
        p50: millisecondsOf(number(/\s50%\s+(\S+)/) ?? ''),
        p99: millisecondsOf(number(/\s99%\s+(\S+)/) ?? ''),
        errors: Number(number(/Non-2xx or 3xx responses: (\d+)/) ?? 0) + (socketErrors ?? 0),
      })
    })
  })
