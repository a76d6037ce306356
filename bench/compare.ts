import type { Figures } from './load'

/** One app under comparison: where it answers, and its name in the table. */
export type Side = { name: string; origin: string }

/** One read both apps are asked: its name, the paths (one at random per request) and headers. */
export type Operation = { name: string; paths: string[]; headers: Record<string, string> }

export type Comparison = {
  operation: string
  /** Each side's figures, one per round, in round order. */
  rounds: Record<string, Figures[]>
  /** current/baseline of the median req/s over the rounds, and of the best. */
  medianRatio: number
  bestRatio: number
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The median of each figure over the rounds (a figure each, not one round's). */
export const medianFigures = (rounds: Figures[]): Figures => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  errors: rounds.reduce((sum, r) => sum + r.errors, 0),
})

/**
 * Each operation against `current` and `baseline`, interleaved so that what else the machine
 * does weighs on both alike: one warm-up each, then `rounds` rounds, the order alternating
 * (current then baseline, baseline then current, …) so a drift over the run favours neither.
 */
export const compareApps = async ({
  current,
  baseline,
  operations,
  rounds,
  measure,
  onRound,
}: {
  current: Side
  baseline: Side
  operations: Operation[]
  rounds: number
  measure: (args: { origin: string } & Omit<Operation, 'name'>) => Promise<Figures>
  onRound?: (args: { operation: string; side: string; round: number; figures: Figures }) => void
}): Promise<Comparison[]> => {
  const results = operations.map((op) => ({
    operation: op.name,
    rounds: { [current.name]: [] as Figures[], [baseline.name]: [] as Figures[] },
  }))
  for (const op of operations)
    for (const side of [current, baseline])
      await measure({ origin: side.origin, paths: op.paths, headers: op.headers })
  for (let round = 1; round <= rounds; round++)
    for (const [i, op] of operations.entries()) {
      const order = round % 2 ? [current, baseline] : [baseline, current]
      for (const side of order) {
        const figures = await measure({ origin: side.origin, paths: op.paths, headers: op.headers })
        results[i]!.rounds[side.name]!.push(figures)
        onRound?.({ operation: op.name, side: side.name, round, figures })
      }
    }
  return results.map((r) => {
    const ours = r.rounds[current.name]!.map((f) => f.rps)
    const theirs = r.rounds[baseline.name]!.map((f) => f.rps)
    return {
      ...r,
      medianRatio: median(ours) / median(theirs),
      bestRatio: Math.max(...ours) / Math.max(...theirs),
    }
  })
}
