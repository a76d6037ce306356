import { describe, expect, it } from 'vitest'

import { hookName, namedHooks } from './hookNames'

describe('namedHooks', () => {
  it('keeps the order and the hooks themselves, and knows each by its key', () => {
    const first = () => 1
    const second = () => 2
    const made = (
      (n: number) => () =>
        n
    )(3)
    const hooks = namedHooks({ first, second, made })
    expect(hooks).toEqual([first, second, made])
    expect(hooks.map(hookName)).toEqual(['first', 'second', 'made'])
    expect(hookName(() => 4)).toBeUndefined()
  })
})
