import { describe, expect, it } from 'vitest'

import { richTextLimits, richTextShapeProblem } from './richTextShape'

const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children })
const state = (...children: unknown[]) => ({ root: { type: 'root', children } })

describe('richTextShapeProblem', () => {
  it('takes empty values and well-formed states', () => {
    expect(richTextShapeProblem(null)).toBeUndefined()
    expect(
      richTextShapeProblem(state(paragraph({ type: 'text', text: 'Hi', format: 1 }))),
    ).toBeUndefined()
  })

  it('names what is wrong with malformed ones', () => {
    expect(richTextShapeProblem('text')).toMatch(/editor state/)
    expect(richTextShapeProblem({ root: { type: 'paragraph' } })).toMatch(/editor state/)
    expect(richTextShapeProblem(state(paragraph({ type: 'text', text: 42 })))).toMatch(/string/)
    expect(richTextShapeProblem(state({ text: 'no type' }))).toMatch(/"type"/)
    expect(richTextShapeProblem(state({ type: 'paragraph', children: 'x' }))).toMatch(/list/)
    expect(richTextShapeProblem(state({ type: 'paragraph', format: {} }))).toMatch(/format/)
  })

  it('bounds depth and size without recursing', () => {
    let deep: unknown = { type: 'text', text: 'bottom' }
    for (let i = 0; i < 100_000; i++) deep = paragraph(deep)
    expect(richTextShapeProblem(state(deep))).toMatch(/levels deep/)
    const wide = Array.from({ length: richTextLimits.nodes }, () => ({ type: 'text', text: 'x' }))
    expect(richTextShapeProblem(state(paragraph(...wide)))).toMatch(/at most/)
  })
})

describe('links in rich text', () => {
  const linked = (url: string, linkType = 'custom') => ({
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [{ type: 'link', fields: { linkType, url }, children: [] }],
        },
      ],
    },
  })

  it('refuses a target that runs script, internal links included, and takes the web', () => {
    expect(richTextShapeProblem(linked('java\tscript:alert(1)'))).toMatch(/http\(s\)/)
    expect(richTextShapeProblem(linked('javascript:alert(1)', 'internal'))).toMatch(/http\(s\)/)
    expect(richTextShapeProblem(linked('https://example.org/'))).toBeUndefined()
    expect(richTextShapeProblem(linked(''))).toBeUndefined()
  })
})
