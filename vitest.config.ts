import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = path.dirname(fileURLToPath(import.meta.url))

const alias = {
  '@payload-config': path.join(root, 'payload.config.ts'),
  '@': path.join(root, 'src'),
}

export default defineConfig({
  test: {
    reporters: ['default', './tests/setup/summaryReporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          // Pure code beside its source: no database, no build, no server; runs first.
          name: 'unit',
          include: ['src/**/*.spec.ts', 'scripts/**/*.spec.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/setup/globalSetup.ts', 'tests/setup/buildApp.ts'],
          // One database, one Payload schema: files run one after another.
          fileParallelism: false,
          // The test processes read and write; only an app a webhook suite starts delivers.
          env: { WEBHOOK_DELIVERY: 'off', TICKETING_RUNNER: 'off' },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          globalSetup: [
            'tests/setup/checkChromium.ts',
            'tests/setup/globalSetup.ts',
            'tests/setup/buildApp.ts',
          ],
          fileParallelism: false,
          env: { WEBHOOK_DELIVERY: 'off', TICKETING_RUNNER: 'off' },
          testTimeout: 180_000,
          hookTimeout: 600_000,
          // A screen on a busy machine settles when it does: a poll waits as a person would,
          // not Vitest's one second.
          expect: { poll: { timeout: 15_000 } },
          environment: 'node',
        },
      },
    ],
  },
})
