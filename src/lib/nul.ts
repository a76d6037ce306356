/**
 * Whether a value holds a NUL character in any string or key. PostgreSQL text cannot store
 * one: a NUL that reaches a statement fails it, which Payload answers as a 500.
 */
export const holdsNul = (value: unknown): boolean => {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return true
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) return true
        stack.push(child)
      }
    }
  }
  return false
}
