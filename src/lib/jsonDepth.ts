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
