import { describe, expect, it } from 'vitest'

import { eachPage, nextPage } from './pages'

const current = new URL('http://box.test/api/performance/?event_id=1&page=1')

describe('nextPage', () => {
  it('reads a page number, a number as text, an address and links.next', () => {
    expect(nextPage({ body: { next_page: 2 }, current })?.toString()).toBe(
      'http://box.test/api/performance/?event_id=1&page=2',
    )
    expect(nextPage({ body: { next_page: '3' }, current })?.searchParams.get('page')).toBe('3')
    expect(
      nextPage({ body: { next_page: '/api/performance/?event_id=1&page=4' }, current })?.toString(),
    ).toBe('http://box.test/api/performance/?event_id=1&page=4')
    expect(
      nextPage({ body: { links: { next: 'http://box.test/api/x/?page=5' } }, current })?.toString(),
    ).toBe('http://box.test/api/x/?page=5')
  })

  it('ends on null, absent or empty', () => {
    expect(nextPage({ body: { next_page: null }, current })).toBeNull()
    expect(nextPage({ body: {}, current })).toBeNull()
    expect(nextPage({ body: { links: { next: '' } }, current })).toBeNull()
  })

  it('fails on a next page that is neither', () => {
    expect(() => nextPage({ body: { next_page: { page: 2 } }, current })).toThrow(
      'neither a number nor an address',
    )
  })
})

describe('eachPage', () => {
  it('follows the pages in order', async () => {
    const seen: unknown[] = []
    await eachPage({
      first: current,
      what: 'the list',
      get: ({ url }) => {
        const page = Number(url.searchParams.get('page'))
        return Promise.resolve({ data: [page], next_page: page < 3 ? page + 1 : null })
      },
      onPage: (body) => seen.push(body),
    })
    expect(seen.map((b) => (b as { data: number[] }).data[0])).toEqual([1, 2, 3])
  })

  it('fails on a page given twice', async () => {
    await expect(
      eachPage({
        first: current,
        what: 'the list',
        get: () => Promise.resolve({ data: [], next_page: 1 }),
        onPage: () => undefined,
      }),
    ).rejects.toThrow('a page it had given before')
  })

  it('fails past the page limit', async () => {
    await expect(
      eachPage({
        first: current,
        what: 'the list',
        limit: 5,
        get: ({ url }) =>
          Promise.resolve({ data: [], next_page: Number(url.searchParams.get('page')) + 1 }),
        onPage: () => undefined,
      }),
    ).rejects.toThrow('more than 5 pages')
  })
})
