import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { projectRoot, startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partnerBase } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

type Work = { id: string; title: string; themeTemplate?: string | null }
type RoundTrip = (args: { baseUrl: string; tenant: string; key: string }) => Promise<{
  created: Work
  updated: Work
  listed: Work[]
  missing: number
}>

const clientDir = path.join(projectRoot, 'tests', 'client')
let app: RunningApp
let key: string

beforeAll(async () => {
  const payload = await getTestPayload()
  const tenant = await createTenant({ payload, slug: 'typed-client', name: 'Typed Client Hall' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  app = await startApp()
})

afterAll(async () => {
  await app?.stop()
})

describe('a typed client generated from the served document', () => {
  it('compiles (strict) and creates, updates and lists through the real API', async () => {
    const served = await fetch(`${app.origin}${partnerBase}/openapi`)
    expect(served.status).toBe(200)
    const types = astToString(await openapiTS((await served.json()) as never))
    expect(types).toContain('"/{tenant}/works/{id}"')
    fs.mkdirSync(path.join(clientDir, 'generated'), { recursive: true })
    fs.writeFileSync(path.join(clientDir, 'generated', 'partner-api.d.ts'), types)

    const tsc = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', clientDir],
      { cwd: projectRoot, encoding: 'utf8' },
    )
    expect(tsc.stdout + tsc.stderr, 'tsc on tests/client/roundtrip.ts').toBe('')
    expect(tsc.status).toBe(0)

    // Imported by path: the project's own type check must not need the generated types.
    const { roundTrip } = (await import(path.join(clientDir, 'roundtrip.ts'))) as {
      roundTrip: RoundTrip
    }
    const result = await roundTrip({
      baseUrl: `${app.origin}${partnerBase}`,
      tenant: 'typed-client',
      key,
    })
    expect(result.created.title).toBe('Typed client work')
    expect(result.created.themeTemplate).toBe('classic')
    expect(result.updated.id).toBe(result.created.id)
    expect(result.updated.title).toBe('Typed client work, updated')
    expect(result.listed.map((w) => w.id)).toEqual([result.created.id])
    expect(result.missing).toBe(404)
  })
})
