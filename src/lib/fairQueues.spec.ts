import { describe, expect, it } from 'vitest'

import { fairQueue, fairRefusal } from './fairQueues'

describe('fairQueue', () => {
  it('is one queue per name in the process', () => {
    expect(fairQueue({ name: 'search' })).toBe(fairQueue({ name: 'search' }))
    expect(fairQueue({ name: 'search' })).not.toBe(fairQueue({ name: 'markdown' }))
  })

  it('runs the Markdown queue one at a time, a tenant with one waiting', async () => {
    const queue = fairQueue({ name: 'markdown' })
    let open = () => {}
    const held = new Promise<void>((resolve) => (open = resolve))
    const first = queue.run({ owner: 'a', task: () => held })
    const second = queue.run({ owner: 'a', task: async () => 'second' })
    expect(await queue.run({ owner: 'a', task: async () => 'third' })).toEqual({ over: 'owner' })
    expect(queue.state()).toEqual({ running: { a: 1 }, waiting: { a: 1 } })
    open()
    await first
    expect(await second).toEqual({ value: 'second' })
  })

  it("answers a tenant's own refusal 429 and everyone's 503", () => {
    expect(fairRefusal({ over: 'owner', work: 'searches' }).status).toBe(429)
    expect(fairRefusal({ over: 'total', work: 'searches' }).status).toBe(503)
  })
})
