import { describe, expect, it } from 'vitest'

import { cyclesOf, folderOf } from './check-imports'

const graph = (edges: Record<string, string[]>): Map<string, Set<string>> =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]))

describe('check-imports', () => {
  it('finds a cycle through any number of files, and only the files on it', () => {
    const cycles = cyclesOf(graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }))
    expect(cycles).toEqual([['a', 'b', 'c']])
  })

  it('passes an acyclic graph, diamonds included', () => {
    expect(cyclesOf(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([])
  })

  it('counts a plugin, a collection and any other folder of src as one', () => {
    expect(folderOf('src/plugins/partnerApi/http/handler.ts')).toBe('src/plugins/partnerApi')
    expect(folderOf('src/plugins/search.ts')).toBe('src/plugins/search')
    expect(folderOf('src/collections/Events/hooks/x.ts')).toBe('src/collections/Events')
    expect(folderOf('src/lib/problem.ts')).toBe('src/lib')
    expect(folderOf('payload.config.ts')).toBe('payload.config.ts')
  })
})
