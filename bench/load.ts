import { spawn } from 'node:child_process'
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
