/** The words of a Lexical document: its text nodes' text, one space between blocks. */
export const richTextText = (value: unknown): string => {
  const root = value && typeof value === 'object' ? (value as { root?: unknown }).root : undefined
  const words: string[] = []
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (!node || typeof node !== 'object') continue
    const { text, children } = node as { text?: unknown; children?: unknown }
    if (typeof text === 'string') words.push(text)
    // Children go on the stack last-first, so they come off in reading order.
    if (Array.isArray(children))
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  return words.join(' ')
}
