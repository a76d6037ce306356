import type { Reporter, TestModule } from 'vitest/node'

/** Ends the run with the plain "N passed, N failed" line that CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
    }
    console.log(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    )
  }
}
