import { describe, expect, it } from 'vitest'

import { cleanRichText } from './richTextClean'
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

  it('takes references as ids only, and no looks the editor does not make', () => {
    const id = '0b7f2c1e-5a4d-4c3b-9e8f-1a2b3c4d5e6f'
    const upload = (value: unknown) => ({ type: 'upload', relationTo: 'media', value, fields: {} })
    expect(richTextShapeProblem(state(upload(id)))).toBeUndefined()
    // An object in an id's place would be kept and read as the record by whoever renders it.
    expect(
      richTextShapeProblem(state(upload({ id, url: 'javascript:alert(1)', filename: 'x' }))),
    ).toMatch(/media/)
    const internal = (value: unknown) =>
      paragraph({
        type: 'link',
        fields: { linkType: 'internal', doc: { relationTo: 'works', value } },
        children: [{ type: 'text', text: 'x' }],
      })
    expect(richTextShapeProblem(state(internal(id)))).toBeUndefined()
    expect(richTextShapeProblem(state(internal({ id, url: '/x' })))).toMatch(/by its id/)
    const text = (more: Record<string, unknown>) =>
      state(paragraph({ type: 'text', text: 'x', ...more }))
    expect(richTextShapeProblem(text({ style: '' }))).toBeUndefined()
    expect(richTextShapeProblem(text({ style: 'position:fixed;inset:0' }))).toMatch(/style/)
    expect(richTextShapeProblem(state({ ...paragraph(), textStyle: 'color:red' }))).toMatch(
      /textStyle/,
    )
    expect(richTextShapeProblem(state({ ...paragraph(), indent: 2, direction: 'ltr' }))).toBe(
      undefined,
    )
    expect(richTextShapeProblem(state({ ...paragraph(), indent: 'NaN' }))).toMatch(/indent/)
    expect(richTextShapeProblem(state({ ...paragraph(), indent: 1e9 }))).toMatch(/indent/)
    expect(richTextShapeProblem(state({ ...paragraph(), direction: 'up' }))).toMatch(/direction/)
  })

  it('bounds depth and size without recursing', () => {
    let deep: unknown = { type: 'text', text: 'bottom' }
    for (let i = 0; i < 50_000; i++)
      deep = {
        type: 'list',
        listType: 'bullet',
        tag: 'ul',
        children: [{ type: 'listitem', children: [deep] }],
      }
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

// What the reviewer's attacks stored, each one node of an otherwise good value.
const hostile: Record<string, unknown> = {
  'a raw HTML node': { type: 'html', html: '<img src=x onerror=alert(1)>' },
  "another editor's block": { type: 'block', fields: { blockType: 'html', html: '<script>' } },
  'a quote without children': { type: 'quote' },
  'a list item outside a list': { type: 'listitem', children: [] },
  'an h1': { type: 'heading', tag: 'h1', children: [] },
  'a link whose url is a list': paragraph({
    type: 'link',
    fields: { linkType: 'custom', url: ['javascript:alert(1)'] },
    children: [{ type: 'text', text: 'Tickets' }],
  }),
  'a link whose url is a number': paragraph({
    type: 'link',
    fields: { linkType: 'custom', url: 12345 },
    children: [],
  }),
  'a link without fields': paragraph({ type: 'link', children: [] }),
  'a custom link carrying a doc that is no id': paragraph({
    type: 'link',
    fields: {
      linkType: 'custom',
      url: 'https://example.org/',
      doc: { relationTo: 'works', value: 'nope' },
    },
    children: [],
  }),
  'a picture whose id is no UUID': { type: 'upload', relationTo: 'media', value: 'nope' },
  'a picture of another collection': {
    type: 'upload',
    relationTo: 'users',
    value: '0b6f4b8e-2c1a-4f3e-9a7d-5e8f1c2d3b4a',
  },
}

describe("only the editor's own nodes", () => {
  const good = paragraph({ type: 'text', text: 'kept' })
  for (const [what, node] of Object.entries(hostile)) {
    it(`refuses ${what} on write and leaves it out of what renders`, () => {
      expect(richTextShapeProblem(state(good, node))).toBeTypeOf('string')
      const cleaned = cleanRichText(state(good, node))
      expect(richTextShapeProblem(cleaned)).toBeUndefined()
      expect((cleaned?.root.children as unknown[])[0]).toEqual(good)
    })
  }

  it('keeps every node of a value the editor wrote', () => {
    const value = state(
      { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Act one' }] },
      {
        type: 'list',
        listType: 'number',
        tag: 'ol',
        children: [
          { type: 'listitem', children: [{ type: 'text', text: 'One' }, { type: 'linebreak' }] },
          {
            type: 'listitem',
            children: [{ type: 'list', listType: 'bullet', tag: 'ul', children: [] }],
          },
        ],
      },
      paragraph({
        type: 'link',
        fields: {
          linkType: 'internal',
          doc: { relationTo: 'works', value: '0b6f4b8e-2c1a-4f3e-9a7d-5e8f1c2d3b4a' },
        },
        children: [{ type: 'text', text: 'the play' }],
      }),
      { type: 'horizontalrule' },
      { type: 'upload', relationTo: 'media', value: '0b6f4b8e-2c1a-4f3e-9a7d-5e8f1c2d3b4a' },
      { type: 'quote', children: [{ type: 'text', text: 'If music be the food of love' }] },
    )
    expect(richTextShapeProblem(value)).toBeUndefined()
    expect(cleanRichText(value)).toEqual(value)
  })

  it('renders nothing of a value that is no editor state', () => {
    expect(cleanRichText({ root: { type: 'paragraph', children: [] } })).toBeNull()
    expect(cleanRichText('text')).toBeNull()
  })
})
