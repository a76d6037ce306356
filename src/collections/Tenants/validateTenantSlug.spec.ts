import { describe, expect, it } from 'vitest'

import { reservedTenantSlugs, tenantSlugProblem } from './validateTenantSlug'

describe('tenantSlugProblem', () => {
  it('accepts lowercase words with inner hyphens', () => {
    for (const slug of ['harbour', 'the-globe-2', 'ab', 'a'.repeat(63)])
      expect(tenantSlugProblem(slug), slug).toBeUndefined()
  })

  it('refuses what a partner path could not carry', () => {
    for (const slug of ['a', 'a'.repeat(64), 'Harbour', '-x', 'x-', 'a_b', 'a b', 'ä', 42, null])
      expect(tenantSlugProblem(slug), String(slug)).toBeDefined()
  })

  it('refuses the words the APIs use beside tenant slugs', () => {
    for (const slug of reservedTenantSlugs) expect(tenantSlugProblem(slug)).toMatch(/reserved/)
  })
})
