import { describe, expect, it } from 'vitest'

import { PartnerProblem } from '../../../lib/partnerProblem'
import { readLifetime } from './lifetime'

const options = { defaultHours: 168, maxHours: 720 }

const refusal = (body: unknown): number | undefined => {
  try {
    readLifetime({ body, options })
    return undefined
  } catch (err) {
    return err instanceof PartnerProblem ? err.problem.status : -1
  }
}

describe('a preview link’s lifetime', () => {
  it('is the default for an empty body, else what was asked within the bounds', () => {
    expect(readLifetime({ body: {}, options })).toBe(168)
    expect(readLifetime({ body: { expiresInHours: 1 }, options })).toBe(1)
    expect(readLifetime({ body: { expiresInHours: 720 }, options })).toBe(720)
  })

  it('is a 400 outside the bounds, not whole, not a number, or beside other fields', () => {
    for (const body of [
      { expiresInHours: 0 },
      { expiresInHours: -5 },
      { expiresInHours: 721 },
      { expiresInHours: 1.5 },
      { expiresInHours: '24' },
      { expiresInHours: null },
      { expiresInHours: 24, colour: 'red' },
    ])
      expect(refusal(body), JSON.stringify(body)).toBe(400)
  })
})
