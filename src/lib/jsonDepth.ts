/**
 * How deeply the objects and arrays of a JSON text nest, counted over the text itself (strings
 * skipped), so a body can be refused before `JSON.parse` or any recursive walk of Payload's
 * meets it. Stops counting past `stopAt`.
 */
export const jsonNestingDepth = (text: string, stopAt = Infinity): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > deepest && (deepest = depth) > stopAt) return deepest
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--
  }
  return deepest
}

/**
 * The same depth over a parsed value, walked without recursion (a value nested past the stack
 * is what this is for). Stops counting past `stopAt`.
 */
export const valueNestingDepth = (value: unknown, stopAt = Infinity): number => {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (!node || typeof node !== 'object') continue
    const level = depth + 1
    if (level > deepest && (deepest = level) > stopAt) return deepest
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child && typeof child === 'object') stack.push([child, level])
    }
  }
  return deepest
}
