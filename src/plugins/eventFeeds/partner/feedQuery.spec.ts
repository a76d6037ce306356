import { describe, expect, it } from 'vitest'

import { PartnerProblem } from '../../../lib/partnerProblem'
import { parseFeedQuery, parseNoQuery } from './feedQuery'

const venue = '6F9619FF-8B86-4011-B42D-00C04FC964FF'

const problemOf = (run: () => unknown) => {
  try {
    run()
  } catch (err) {
    if (err instanceof PartnerProblem) return err.problem
    throw err
  }
  throw new Error('no problem thrown')
}

describe('parseFeedQuery', () => {
  it('reads each filter once as a lower-case UUID', () => {
    expect(parseFeedQuery('')).toEqual({})
    expect(parseFeedQuery(`?venue=${venue}&season=${venue.toLowerCase()}`)).toEqual({
      venue: venue.toLowerCase(),
      season: venue.toLowerCase(),
    })
  })

  it('names every bad parameter in one 400', () => {
    const problem = problemOf(() =>
      parseFeedQuery(`?colour=red&venue=x&event=${venue}&event=${venue}`),
    )
    expect(problem.status).toBe(400)
    expect(problem.errors?.map((error) => error.field).sort()).toEqual(['colour', 'event', 'venue'])
  })
})

describe('parseNoQuery', () => {
  it('takes nothing', () => {
    expect(parseNoQuery('')).toEqual({})
    expect(problemOf(() => parseNoQuery('?draft=true')).status).toBe(400)
  })
})
