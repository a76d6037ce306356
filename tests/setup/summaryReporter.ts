import type { SerializedError } from 'vitest'
import type { Reporter, TestModule, TestSuite } from 'vitest/node'

/**
 * Ends the run with the plain "N passed, N failed" line that CI reads. A file, suite or hook
 * that failed without a failed test of its own (an import error, a `beforeAll` that threw, which
 * leaves its tests merely skipped) counts as one failure, and so does every unhandled error and
 * a run that failed outside any test (its global setup).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
    reason?: 'passed' | 'interrupted' | 'failed',
  ): void {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 }
    const failedTestsIn = (node: TestModule | TestSuite): number =>
      [...node.children.allTests()].filter((t) => t.result().state === 'failed').length
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      for (const node of [module, ...module.children.allSuites()]) {
        const broken = node.state() === 'failed' || node.errors().length > 0
        if (broken && failedTestsIn(node) === 0) counts.failed++
      }
    }
    // A run that failed before or around its tests (a global setup that threw) is no pass.
    if (reason && reason !== 'passed' && counts.failed === 0) counts.failed = 1
    console.log(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    )
  }
}
