import { describe, expect, it } from 'vitest'

import { writeSoon } from './writeSoon'

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('writeSoon', () => {
  it('makes the writes of a turn together, after the turn, in the order asked', async () => {
    const made: string[] = []
    const failed = () => made.push('failed')
    writeSoon({ write: () => made.push('a'), failed })
    // Work queued between two writes of the same turn runs after both: they are one batch.
    setImmediate(() => made.push('between'))
    writeSoon({ write: () => made.push('b'), failed })
    expect(made).toEqual([])
    await turn()
    expect(made).toEqual(['a', 'b', 'between'])
  })

  it('keeps one write that throws from stopping the others', async () => {
    const made: string[] = []
    const refused = new Error('Invalid character in header content')
    writeSoon({
      write: () => {
        throw refused
      },
      failed: (err) => made.push(err === refused ? 'failed' : 'other'),
    })
    writeSoon({ write: () => made.push('written'), failed: () => made.push('not this') })
    await turn()
    expect(made).toEqual(['failed', 'written'])
  })

  it('goes on when an answer that failed cannot even be given up cleanly', async () => {
    const made: string[] = []
    writeSoon({
      write: () => {
        throw new Error('refused')
      },
      failed: () => {
        throw new Error('and the socket is gone')
      },
    })
    writeSoon({ write: () => made.push('written'), failed: () => made.push('not this') })
    await turn()
    expect(made).toEqual(['written'])
  })

  it('makes a write asked while writing in the next turn', async () => {
    const made: string[] = []
    const failed = () => made.push('failed')
    writeSoon({
      write: () => {
        made.push('first')
        writeSoon({ write: () => made.push('later'), failed })
      },
      failed,
    })
    await turn()
    expect(made).toEqual(['first'])
    await turn()
    expect(made).toEqual(['first', 'later'])
  })
})
