import { describe, expect, it } from 'vitest'

import { listedDates, mostPerformances, patternDates, readTime } from './dates'

describe('listedDates', () => {
  it('reads a date and a time per line, several times of one day, and skips blank lines', () => {
    expect(listedDates('2027-09-01 19:30\n\n2027-09-04 14:30, 19:30\n2027-09-05T20h00')).toEqual({
      locals: ['2027-09-01T19:30', '2027-09-04T14:30', '2027-09-04T19:30', '2027-09-05T20:00'],
      problems: [],
    })
  })

  it('reads rows pasted from a spreadsheet', () => {
    expect(listedDates('2027-09-01\t19:30\n2027-09-02,14:30,19:30').locals).toEqual([
      '2027-09-01T19:30',
      '2027-09-02T14:30',
      '2027-09-02T19:30',
    ])
  })

  it('names each line it cannot read, with its number', () => {
    const read = listedDates('2027-09-01 19:30\n2027-02-30 19:30\n2027-09-02\nnext Tuesday')
    expect(read.locals).toEqual(['2027-09-01T19:30'])
    expect(read.problems.map((p) => p.line)).toEqual([2, 3, 4])
  })
})

describe('patternDates', () => {
  it('makes every chosen weekday of the run at each time, without the days left out', () => {
    const { locals, problems } = patternDates({
      from: '2027-09-01',
      to: '2027-09-12',
      weekdays: [3, 6], // Wednesdays and Saturdays
      times: ['19:30', '14:30'],
      except: ['2027-09-08'],
    })
    expect(problems).toEqual([])
    expect(locals).toEqual([
      '2027-09-01T14:30',
      '2027-09-01T19:30',
      '2027-09-04T14:30',
      '2027-09-04T19:30',
      '2027-09-11T14:30',
      '2027-09-11T19:30',
    ])
  })

  it('crosses a change of the clocks without moving the local time', () => {
    const { locals } = patternDates({
      from: '2027-10-30',
      to: '2027-11-01',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: ['19:30'],
    })
    expect(locals).toEqual(['2027-10-30T19:30', '2027-10-31T19:30', '2027-11-01T19:30'])
  })

  it('says what is missing or wrong', () => {
    const { problems } = patternDates({
      from: '2027-09-10',
      to: '2027-09-01',
      weekdays: [],
      times: ['7pm'],
    })
    expect(problems.map((p) => p.message)).toEqual([
      'The last day is before the first.',
      'Choose days of the week.',
      'Give start times like 19:30.',
    ])
  })

  it('refuses a run of more than two seasons', () => {
    const { problems } = patternDates({
      from: '2027-01-01',
      to: '2099-12-31',
      weekdays: [1],
      times: ['19:30'],
    })
    expect(problems.map((p) => p.message)).toEqual(['A run spans at most 731 days.'])
  })

  it('stops just past the limit instead of making a year of dates', () => {
    const { locals } = patternDates({
      from: '2027-01-01',
      to: '2028-12-31',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: ['19:30'],
    })
    expect(locals.length).toBe(mostPerformances + 1)
  })
})

describe('readTime', () => {
  it('takes the ways people write a time', () => {
    expect(['19:30', '9.15', '20h00', '24:00', '7pm'].map(readTime)).toEqual([
      '19:30',
      '09:15',
      '20:00',
      undefined,
      undefined,
    ])
  })
})
