/** Query strings a kind keeps parsed, by text; past it they are parsed again. */
const maxEntries = 500

/**
 * A list's query string parsed once per kind: a site asks the same few questions again and
 * again, and the parse (the brackets, every filter checked against the kind's fields) cost a
 * cached answer a fifth of its time. Only what parsed is kept, so a refused query is refused
 * each time; what is kept is shared by every request that asks it and never changed.
 */
export const rememberedQueries = <T extends object>() => {
  const byModel = new WeakMap<object, Map<string, T>>()
  return ({ model, search, parse }: { model: object; search: string; parse: () => T }): T => {
    let kept = byModel.get(model)
    if (!kept) byModel.set(model, (kept = new Map()))
    const found = kept.get(search)
    if (found) return found
    const parsed = parse()
    if (kept.size >= maxEntries) kept.clear()
    kept.set(search, parsed)
    return parsed
  }
}

const texts = new WeakMap<object, string>()

/** A parsed query as JSON, written once per query object (a remembered one is asked often). */
export const queryText = (query: object): string => {
  let text = texts.get(query)
  if (text === undefined) texts.set(query, (text = JSON.stringify(query)))
  return text
}
