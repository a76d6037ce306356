export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

export type Figures = { rps: number; p50: number; p99: number; errors: number }

/**
 * `concurrency` clients sending `request()` back to back for `seconds`: requests a second,
 * p50 and p99 in ms, and how many did not answer `expected`.
 */
export const measure = async ({
  request,
  expected,
  seconds,
  concurrency,
}: {
  request: () => { url: string; init: RequestInit }
  expected: number
  seconds: number
  concurrency: number
}): Promise<Figures> => {
  const latencies: number[] = []
  let errors = 0
  const deadline = Date.now() + seconds * 1000
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const { url, init } = request()
      const started = performance.now()
      const res = await fetch(url, init)
      await res.arrayBuffer()
      if (res.status !== expected) errors++
      latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  }
}
