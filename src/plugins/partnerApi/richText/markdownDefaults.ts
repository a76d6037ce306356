/**
 * What one Markdown conversion may cost. How many wait for the converter, per tenant and in
 * all, is the `markdown` fair queue's (lib/fairQueues.ts).
 */
export const markdownDefaults = {
  /** Ordinary programme notes convert in a few milliseconds; 100 kB of them in well under this. */
  budgetMs: 2_000,
  memoryMb: 256,
}
