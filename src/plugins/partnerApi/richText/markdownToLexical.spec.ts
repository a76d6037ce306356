import { describe, expect, it } from 'vitest'

import { richTextShapeProblem } from '../../../fields/richTextShape'
import { MarkdownProblem, markdownToLexical } from './markdownToLexical'

type Node = { type: string; tag?: string; text?: string; format?: unknown; children?: Node[] }
const holds = (value: object, key: string, type: 'string'): boolean =>
  !(key in value) || typeof Reflect.get(value, key) === type
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'type') === 'string' &&
  holds(value, 'tag', 'string') &&
  holds(value, 'text', 'string') &&
  (!('children' in value) || (Array.isArray(value.children) && value.children.every(isNode)))
const rootOf = (value: { root: unknown }): Node => {
  if (!isNode(value.root)) throw new Error('not a tree of nodes')
  return value.root
}
const kids = (markdown: string): Node[] => rootOf(markdownToLexical(markdown)).children ?? []
const words = (node: Node): string =>
  node.type === 'text' ? (node.text ?? '') : (node.children ?? []).map(words).join('')

describe('markdownToLexical', () => {
  it('makes the editor’s own nodes, which pass its shape rules', () => {
    const value = markdownToLexical(
      [
        '# Title',
        '## Synopsis',
        'A **bold** and *italic* [press kit](https://example.com/press).',
        '- one',
        '  - nested',
        '1. first',
        '> If music be the food of love',
        '',
        '---',
        '[ref link][r]',
        '',
        '[r]: https://example.org/r',
      ].join('\n'),
    )
    expect(richTextShapeProblem(value)).toBeUndefined()
    const nodes = rootOf(value).children!
    expect(nodes.map((n) => n.type)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'horizontalrule',
      'paragraph',
    ])
    // The editor has h2 to h4.
    expect(nodes.slice(0, 2).map((n) => n.tag)).toEqual(['h2', 'h2'])
    const formats = nodes[2]!.children!.filter((n) => n.type === 'text').map((n) => n.format)
    expect(formats).toEqual(expect.arrayContaining([1, 2]))
    expect(JSON.stringify(nodes[7])).toContain('https://example.org/r')
  })

  it('keeps only words of links that would run script, pictures by address and raw HTML', () => {
    const nodes = kids('[trap](javascript:alert(1)) ![poster](https://x/p.png) <b onclick=x>hi</b>')
    expect(JSON.stringify(nodes)).not.toContain('"link"')
    expect(JSON.stringify(nodes)).not.toContain('poster')
    expect(words(nodes[0]!)).toContain('trap')
    expect(words(nodes[0]!)).toContain('<b onclick=x>')
  })

  it('refuses nesting deeper than the editor takes', () => {
    expect(() => markdownToLexical('>'.repeat(100) + ' deep')).toThrow(MarkdownProblem)
    expect(() => markdownToLexical('>'.repeat(10) + ' fine')).not.toThrow()
  })
})
