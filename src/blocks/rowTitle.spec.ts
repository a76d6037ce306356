import { describe, expect, it } from 'vitest'

import { paragraph, richText } from '../seed/richText'
import { rowTitle } from './rowTitle'

describe('rowTitle', () => {
  it('names a block by its heading, label or caption, else its first words or pictures', () => {
    expect(rowTitle({ blockType: 'eventList', heading: ' On this week ' })).toBe('On this week')
    expect(rowTitle({ blockType: 'callToAction', label: 'Book tickets' })).toBe('Book tickets')
    expect(rowTitle({ blockType: 'richText', content: richText(paragraph('Welcome in.')) })).toBe(
      'Welcome in.',
    )
    expect(rowTitle({ images: [{ caption: 'Dress rehearsal' }, {}] })).toBe(
      '2 pictures: Dress rehearsal',
    )
    expect(rowTitle({ blockType: 'media' })).toBe('')
    expect(rowTitle(undefined)).toBe('')
  })

  it('cuts a long one short', () => {
    const title = rowTitle({ heading: 'word '.repeat(40) })
    expect(title.length).toBeLessThanOrEqual(80)
    expect(title.endsWith('…')).toBe(true)
  })
})
