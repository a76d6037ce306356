/** What one Markdown conversion may cost, and how many may wait for the converter, in all and per tenant. */
export const markdownDefaults = {
  /** Ordinary programme notes convert in a few milliseconds; 100 kB of them in well under this. */
  budgetMs: 2_000,
  memoryMb: 256,
  maxWaiting: 16,
  /** Conversions one tenant may have waiting or under way: a tenant past it waits its turn. */
  perOwner: 2,
}
