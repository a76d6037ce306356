import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../src/db/embeddedPostgres'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'

/**
 * Instances on one database learn of each other from heartbeats, and catch up with the change
 * channel before trusting a cached answer while they know of another (`cache/peers.ts`). One
 * that stops gracefully says goodbye after its last write, and the others stop counting it.
 */
const apps: { app: RunningApp; metricsPort: number }[] = []

/** How many other instances the instance serving metrics on `port` counts as its peers. */
const peersOf = async (port: number): Promise<number | undefined> => {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
  const line = text.split('\n').find((l) => l.startsWith('cms_partner_cache_peers '))
  return line === undefined ? undefined : Number(line.split(' ')[1])
}

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const metricsPort = await freePort()
    apps.push({ app: await startApp({ env: { METRICS_PORT: String(metricsPort) } }), metricsPort })
  }
}, 180_000)

afterAll(async () => {
  await Promise.all(apps.map(({ app }) => app.stop()))
})

describe('peers', () => {
  it('hear each other from their start, and forget an instance that stops gracefully', async () => {
    // No partner read yet: the launcher's warm-up started each instance listening and beating,
    // so the time an instance doubts it is alone counts from its start.
    const [staying, leaving] = apps
    await waitUntil({
      what: 'the instances to hear each other',
      timeoutMs: 15_000,
      check: async () => (await peersOf(staying!.metricsPort)) === 1,
    })
    expect(await leaving!.app.stop('SIGTERM')).toBe(0)
    expect(leaving!.app.output()).not.toContain('no goodbye to peers')
    await waitUntil({
      what: 'the stopped instance forgotten',
      timeoutMs: 5_000,
      check: async () => (await peersOf(staying!.metricsPort)) === 0,
    })
  })
})
