import { describe, expect, it } from 'vitest'

import { gatheredLines } from './logger'

describe('gatheredLines', () => {
  it('writes nothing until the batch is full, then every line held, in order, at once', () => {
    const batches: string[] = []
    const lines = gatheredLines({ sink: (batch) => batches.push(batch), bytes: 10 })
    lines.write('one\n')
    lines.write('two\n')
    expect(batches).toEqual([])
    lines.write('three\n')
    expect(batches).toEqual(['one\ntwo\nthree\n'])
    lines.write('four\n')
    expect(batches).toHaveLength(1)
  })

  it('writes what it holds when flushed, and nothing when it holds nothing', () => {
    const batches: string[] = []
    const lines = gatheredLines({ sink: (batch) => batches.push(batch), bytes: 1_000 })
    lines.flush()
    expect(batches).toEqual([])
    lines.write('a\n')
    lines.write('b\n')
    lines.flush()
    lines.flush()
    expect(batches).toEqual(['a\nb\n'])
  })
})
