import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { Validator } from '@seriousme/openapi-schema-validator'
import { configOptions } from '@payload-config'
import { buildConfig } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  buildOpenApi31,
  toOpenApi30,
  toSwagger20,
} from '../../src/plugins/partnerApi/exports/openapi'
import { partnerRoutes } from '../helpers/kinds'
import { projectRoot, startApp, type RunningApp } from '../helpers/app'

type JsonLike = Record<string, unknown>

const documentPath = '/api/partners/2025-07/openapi'
let app: RunningApp
const served: Record<string, Record<string, unknown>> = {}

beforeAll(async () => {
  app = await startApp()
  for (const format of ['', 'openapi3.0', 'swagger2.0']) {
    const res = await fetch(`${app.origin}${documentPath}${format ? `?format=${format}` : ''}`)
    expect(res.status).toBe(200)
    served[format || 'openapi3.1'] = (await res.json()) as Record<string, unknown>
  }
})

afterAll(async () => {
  await app?.stop()
})

describe('the served OpenAPI document', () => {
  it('comes in 3.1, 3.0 and 2.0, each valid under independent validators', async () => {
    expect(served['openapi3.1']?.openapi).toBe('3.1.0')
    expect(served['openapi3.0']?.openapi).toBe('3.0.3')
    expect(served['swagger2.0']?.swagger).toBe('2.0')
    for (const [format, doc] of Object.entries(served)) {
      const result = await new Validator().validate(structuredClone(doc))
      expect(result.errors ?? [], format).toEqual([])
      expect(result.valid, format).toBe(true)
    }
    await SwaggerParser.validate(structuredClone(served['openapi3.0']) as never)
    await SwaggerParser.validate(structuredClone(served['swagger2.0']) as never)
  })

  it('passes Redocly’s linter (recommended rules) in every format with no errors', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redocly-'))
    const cli = path.join(projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js')
    for (const [format, doc] of Object.entries(served)) {
      const file = path.join(dir, `${format}.json`)
      fs.writeFileSync(file, JSON.stringify(doc))
      const result = spawnSync(process.execPath, [cli, 'lint', '--format=json', file], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      })
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number; warnings: number }
        problems: { ruleId: string; severity: string; message: string }[]
      }
      const errors = report.problems.filter((p) => p.severity === 'error')
      expect(errors, format).toEqual([])
      expect(report.totals.errors).toBe(0)
      expect(result.status, result.stderr).toBe(0)
      // What remains: no license object (each tenant licenses its own content), and the test
      // server's localhost address.
      const warnings = new Set(report.problems.map((p) => p.ruleId))
      for (const rule of warnings) expect(['info-license', 'no-server-example.com']).toContain(rule)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('names each page block as a component, told apart by blockType, in 3.1 and 3.0', () => {
    const blocks = ['richText', 'media', 'callToAction', 'eventList', 'gallery']
    for (const format of ['openapi3.1', 'openapi3.0']) {
      const schemas = (served[format]?.components as { schemas: Record<string, JsonLike> }).schemas
      const items = (schemas.Page?.properties as Record<string, JsonLike>).layout
      const union = (items?.items ??
        (items?.oneOf as JsonLike[] | undefined)?.[0]?.items ??
        (items?.allOf as JsonLike[] | undefined)?.[0]?.items) as JsonLike
      const discriminator = union.discriminator as {
        propertyName: string
        mapping: Record<string, string>
      }
      expect(discriminator.propertyName, format).toBe('blockType')
      expect(Object.keys(discriminator.mapping).sort(), format).toEqual([...blocks].sort())
      expect((union.oneOf as JsonLike[]).map((v) => v.$ref).sort(), format).toEqual(
        Object.values(discriminator.mapping).sort(),
      )
      for (const [slug, ref] of Object.entries(discriminator.mapping)) {
        const name = ref.split('/').pop() ?? ''
        expect(name, format).toMatch(/Block$/)
        const variant = schemas[name] as { properties: Record<string, { enum: string[] }> }
        expect(variant.properties.blockType?.enum, format).toEqual([slug])
      }
      // What a partner writes has its own variants: no server-set ids required.
      const create = (schemas.PageCreate?.properties as Record<string, JsonLike>).layout
      expect(JSON.stringify(create), format).toContain('#/components/schemas/MediaBlockInput')
      expect(schemas.MediaBlockInput?.additionalProperties, format).toBe(false)
    }
  })

  it('describes both ways to make media, and bodies that may echo a record back', () => {
    type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] }
    type Operation = {
      requestBody: { content: Record<string, unknown> }
      consumes: string[]
      parameters: unknown[]
      description: string
    }
    const schemas = (served['openapi3.1'] as { components: { schemas: Record<string, Schema> } })
      .components.schemas
    expect(schemas.MediaCreate?.required).toEqual(expect.arrayContaining(['id', 'src']))
    expect(schemas.MediaCreate?.properties.src).toMatchObject({ type: 'string', format: 'uri' })
    // Server-set fields are listed read-only: sent back, they are ignored, not refused.
    expect(schemas.EventUpdate?.properties.url).toMatchObject({ readOnly: true })
    expect(schemas.WorkCreate?.properties.createdAt).toMatchObject({ readOnly: true })
    const paths31 = (served['openapi3.1'] as { paths: Record<string, Record<string, Operation>> })
      .paths
    expect(Object.keys(paths31['/{tenant}/media']?.post?.requestBody.content ?? {})).toEqual([
      'application/json',
      'multipart/form-data',
    ])
    // Swagger 2.0 has no room for both on one operation: it shows the upload as form fields.
    const post20 = (served['swagger2.0'] as { paths: Record<string, Record<string, Operation>> })
      .paths['/{tenant}/media']?.post
    expect(post20?.consumes).toEqual(['multipart/form-data'])
    expect(post20?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'file', in: 'formData', type: 'file', required: true }),
        expect.objectContaining({ name: 'alt', in: 'formData', type: 'string' }),
      ]),
    )
    expect(post20?.description).toMatch(/application\/json.*src/)
  })

  it('is public, cacheable and open to browsers; an unknown format is a 400 naming the allowed ones', async () => {
    const res = await fetch(`${app.origin}${documentPath}`, {
      headers: { origin: 'https://tools.example' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('cache-control')).toMatch(/max-age/)
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    expect(
      (await fetch(`${app.origin}${documentPath}`, { headers: { 'if-none-match': String(etag) } }))
        .status,
    ).toBe(304)
    const pre = await fetch(`${app.origin}${documentPath}`, { method: 'OPTIONS' })
    expect(pre.status).toBe(204)
    const bad = await fetch(`${app.origin}${documentPath}?format=yaml`)
    expect(bad.status).toBe(400)
    expect(bad.headers.get('content-type')).toBe('application/problem+json')
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/openapi3\.0.*swagger2\.0/)
  })

  it('lists every route of the route table with its labels, parameters and the bearer scheme', () => {
    const doc = served['openapi3.1'] as {
      info: { version: string }
      servers: { url: string }[]
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string
            responses: Record<string, { description: string }>
            parameters: unknown[]
            security: unknown[]
          }
        >
      >
      components: {
        securitySchemes: Record<string, unknown>
        schemas: Record<string, { properties?: Record<string, unknown> }>
      }
    }
    expect(doc.info.version).toBe('2025-07')
    expect(doc.servers[0]?.url).toMatch(/\/api\/partners\/2025-07$/)
    const ids = new Set<string>()
    for (const route of partnerRoutes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()]
      expect(op, `${route.method} ${route.path}`).toBeDefined()
      ids.add(op!.operationId)
      expect(op!.responses[String(route.successStatus)]?.description).toBe(route.successLabel)
      if (route.errors.includes(404)) expect(op!.responses['404']?.description).toBe('Not found')
      // A route a guest may call without a key (a shared preview's retrieve) says so.
      expect(op!.security).toEqual(route.guest ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }])
    }
    expect(ids.size).toBe(partnerRoutes.length)
    expect(partnerRoutes.filter((route) => route.guest).map((route) => route.operationId)).toEqual([
      'retrieveEvents',
      'retrievePages',
    ])
    expect(doc.paths['/{tenant}/events']?.post?.responses['201']?.description).toBe('Created')
    expect(doc.paths['/{tenant}/works/{id}']?.patch?.responses['200']?.description).toBe('Updated')
    expect(doc.paths['/{tenant}/pages']?.get?.responses['200']?.description).toBe(
      'Successful response',
    )
    expect(doc.paths['/openapi']?.get).toBeDefined()
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    expect(Object.keys(doc.components.schemas.EventInstance?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'title',
        'ticketingSystem',
        'ticketingSystemId',
        'hidden',
        'elevent',
        'spektrix',
        'tessitura',
        'booking',
        'lineup',
      ]),
    )
  })

  it('shows a field added to a collection in all three formats, with no other change', async () => {
    const extended = await buildConfig({
      ...configOptions,
      collections: (configOptions.collections ?? []).map((c) =>
        c.slug === 'works'
          ? { ...c, fields: [...c.fields, { name: 'premiereYear', type: 'number' as const }] }
          : c,
      ) as never,
    })
    const doc31 = buildOpenApi31({
      config: extended,
      serverUrl: 'http://localhost:3000',
    })
    const work31 = (
      doc31.components as { schemas: Record<string, { properties: Record<string, unknown> }> }
    ).schemas.Work
    expect(work31?.properties.premiereYear).toEqual({ type: ['number', 'null'] })
    const work30 = (
      toOpenApi30(doc31).components as {
        schemas: Record<string, { properties: Record<string, unknown> }>
      }
    ).schemas.Work
    expect(work30?.properties.premiereYear).toEqual({ type: 'number', nullable: true })
    const work20 = (
      toSwagger20(doc31).definitions as Record<string, { properties: Record<string, unknown> }>
    ).Work
    expect(work20?.properties.premiereYear).toEqual({ type: 'number', 'x-nullable': true })
    expect(
      (
        served['openapi3.1']?.components as {
          schemas: Record<string, { properties: Record<string, unknown> }>
        }
      ).schemas.Work?.properties.premiereYear,
    ).toBeUndefined()
  })

  it('is written to files for publishing by npm run generate:openapi, the same as served', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'))
    const result = spawnSync('npm', ['run', '-s', 'generate:openapi', '--', dir], {
      cwd: projectRoot,
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
    const read = (file: string) =>
      JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>
    expect(read('openapi-3.1.json').paths).toEqual(served['openapi3.1']?.paths)
    expect(read('openapi-3.0.json').openapi).toBe('3.0.3')
    expect(read('swagger-2.0.json').swagger).toBe('2.0')
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
