import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

const load = createRequire(import.meta.url)
const toSnakeCase = load('to-snake-case') as (name: string) => string
const toSpaceCase = load('to-space-case') as (name: string) => string

/**
 * `patches/to-snake-case+*.patch`: Payload's drizzle adapter names every field's column on every
 * write; each name is worked out once. The names must be the package's own, asked once or again.
 */
describe('column names, worked out once', () => {
  it('are the names the package gives, every time', () => {
    for (let round = 0; round < 2; round++)
      for (const name of ['bookingLinkURL', '_status', 'version_tenant', 'hideStartTime', 'a b'])
        expect(toSnakeCase(name)).toBe(toSpaceCase(name).replace(/\s/g, '_'))
    expect(toSnakeCase('startDate')).toBe('start_date')
  })
})
