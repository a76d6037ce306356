import type { SanitizedConfig } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { sanitizedConfig } from '../../../../tests/helpers/sanitizedConfig'
import { PartnerProblem } from '../../../lib/partnerProblem'
import { partnerKinds, type Kind } from '../kinds/model'
import { expandablesOf } from './expandables'
import { shapeClock } from './params'
import { expandPathsOf, normaliseShape, parseExpand, parseSelect } from './paths'

let config: SanitizedConfig
const kind = (path: string): Kind => partnerKinds({ config }).get(path)!

const partner = (path: string, schema: string) => ({ path, schema, tag: schema })

beforeAll(async () => {
  config = await sanitizedConfig({
    collections: [
      {
        slug: 'media',
        upload: true,
        custom: {
          partner: [
            partner('media', 'Media'),
            { ...partner('files', 'File'), pick: ['id', 'folder'] },
          ],
        },
        fields: [{ name: 'folder', type: 'relationship', relationTo: 'folders' }],
      },
      { slug: 'folders', fields: [{ name: 'name', type: 'text' }] },
      {
        slug: 'works',
        custom: { partner: partner('works', 'Work') },
        fields: [
          { name: 'title', type: 'text' },
          { name: 'image', type: 'upload', relationTo: 'media' },
        ],
      },
      {
        slug: 'venues',
        custom: { partner: partner('venues', 'Venue') },
        fields: [{ name: 'title', type: 'text' }],
      },
      {
        slug: 'events',
        custom: { partner: partner('events', 'Event') },
        fields: [
          { name: 'title', type: 'text' },
          {
            type: 'tabs',
            tabs: [
              {
                label: 'Details',
                fields: [
                  {
                    type: 'row',
                    fields: [{ name: 'work', type: 'relationship', relationTo: 'works' }],
                  },
                  {
                    name: 'credits',
                    type: 'group',
                    fields: [{ name: 'poster', type: 'upload', relationTo: 'media' }],
                  },
                  { name: 'venue', type: 'group', fields: [{ name: 'name', type: 'text' }] },
                  { name: 'either', type: 'relationship', relationTo: ['works', 'venues'] },
                  { name: 'hidden', type: 'relationship', relationTo: 'works', hidden: true },
                ],
              },
            ],
          },
        ],
      },
      {
        slug: 'event-instances',
        custom: { partner: partner('event-instances', 'EventInstance') },
        fields: [
          { name: 'event', type: 'relationship', relationTo: 'events' },
          { name: 'venue', type: 'relationship', relationTo: 'venues' },
          { name: 'startDate', type: 'date' },
          { name: 'hidden', type: 'checkbox' },
        ],
      },
    ],
  })
})

const problemOf = (work: () => unknown) => {
  try {
    work()
  } catch (err) {
    if (err instanceof PartnerProblem) return err.problem
    throw err
  }
  throw new Error('no problem')
}

describe('what a kind may expand', () => {
  it('is its references to partner kinds, through rows, tabs and groups, and its joins', () => {
    const events = expandablesOf({ config, kind: kind('events') })
    expect([...events.keys()]).toEqual(['work', 'credits.poster', 'performances'])
    expect(events.get('credits.poster')).toMatchObject({
      target: 'media',
      path: ['credits', 'poster'],
    })
    // A picked kind expands only what it answers; a collection of no kind is not expandable.
    expect([...expandablesOf({ config, kind: kind('files') }).keys()]).toEqual([])
    expect(expandPathsOf({ config, kind: kind('event-instances') })).toEqual([
      'event',
      'event.work',
      'event.credits.poster',
      'event.performances',
      'venue',
      'venue.performances',
    ])
  })
})

describe('parseExpand', () => {
  it('normalises the paths (sorted, without repeats) into one tree', () => {
    const { paths, tree } = parseExpand({
      config,
      kind: kind('event-instances'),
      raw: 'venue, event.work,event,event.work,,event.credits.poster',
    })
    expect(paths).toEqual(['event', 'event.credits.poster', 'event.work', 'venue'])
    expect([...tree.keys()].sort()).toEqual(['event', 'venue'])
    expect([...tree.get('event')!.keys()].sort()).toEqual(['credits.poster', 'work'])
  })

  it('refuses, in one 400, every unknown, non-reference and too-deep path', () => {
    const problem = problemOf(() =>
      parseExpand({
        config,
        kind: kind('events'),
        raw: 'venue,title,work.image.folder,either,hidden,work',
      }),
    )
    expect(problem.status).toBe(400)
    const messages = (problem.errors ?? []).map((e) => e.message).join(' ')
    for (const path of ['venue', 'title', 'work.image.folder', 'either', 'hidden'])
      expect(messages).toContain(`"${path}"`)
    expect(problem.errors).toHaveLength(5)
    expect(messages).toContain('deeper than 2')
  })

  it('refuses a path of many segments before looking any of them up', () => {
    const long = Array.from({ length: 4000 }, () => 'a').join('.')
    const problem = problemOf(() => parseExpand({ config, kind: kind('events'), raw: long }))
    expect(problem.status).toBe(400)
    expect(problem.errors?.[0]?.message).toContain('longer than 2 references can be')
  })

  it('caps the number of paths', () => {
    const raw = Array.from({ length: 11 }, () => 'work').map((w, i) => (i % 2 ? w : `${w}.image`))
    expect(() => parseExpand({ config, kind: kind('events'), raw: raw.join(',') })).not.toThrow()
    const many = ['work', 'work.image', 'performances', 'performances.venue', 'performances.event']
    const problem = problemOf(() =>
      parseExpand({
        config,
        kind: kind('events'),
        raw: [...many, ...many.map((p) => `${p}.x`), 'credits.poster'].join(','),
      }),
    )
    expect(problem.errors?.[0]?.message).toContain('At most 10 paths')
  })
})

describe('parseSelect', () => {
  it('keeps id, sorts and removes repeats; joins may be named', () => {
    expect(
      parseSelect({ config, kind: kind('events'), raw: 'title,work,title,performances' }),
    ).toEqual(['id', 'performances', 'title', 'work'])
    expect(parseSelect({ config, kind: kind('events'), raw: undefined })).toBeUndefined()
  })

  it('refuses unknown and nested names, naming each', () => {
    const problem = problemOf(() =>
      parseSelect({ config, kind: kind('events'), raw: 'title,colour,credits.poster' }),
    )
    expect(problem.detail).toContain('colour, credits.poster')
    expect(problem.errors).toHaveLength(2)
    expect(problemOf(() => parseSelect({ config, kind: kind('events'), raw: ',' })).status).toBe(
      400,
    )
  })

  it('is normalised with expand for the cache key', () => {
    expect(
      normaliseShape({
        config,
        kind: kind('events'),
        params: { expand: 'work,work.image,work', select: 'work,title' },
      }),
    ).toEqual({ expand: 'work,work.image', select: 'id,title,work' })
    expect(normaliseShape({ config, kind: kind('events'), params: {} })).toEqual({})
  })
})

describe('the clock of a shape', () => {
  it('is the minute when a join is expanded at any depth, else nothing', () => {
    const minute = /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/
    expect(shapeClock({ config, kind: kind('events'), expand: 'performances' })).toMatch(minute)
    expect(
      shapeClock({ config, kind: kind('event-instances'), expand: 'venue.performances' }),
    ).toMatch(minute)
    expect(shapeClock({ config, kind: kind('events'), expand: 'work.image' })).toBe('')
    expect(shapeClock({ config, kind: kind('events'), expand: undefined })).toBe('')
  })
})
