import type { SanitizedConfig } from 'payload'

import { fail } from '../../../lib/partnerProblem'
import { partnerKinds, type Kind } from '../kinds/model'
import { expandablesOf, expandDepth, type Expandable } from './expandables'

/** What to expand under each name: the names to expand in the records it brings. */
export type ExpandTree = Map<string, ExpandTree>

/** Paths one request may name: each is at most a read of one kind. */
export const expandPathsMax = 10

/** A comma-separated parameter's entries, trimmed, empty ones dropped. */
const entriesOf = (raw: string): string[] =>
  raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

/** A path as a problem names it: a long one cut, so the answer does not echo kilobytes. */
const shown = (path: string): string => (path.length > 80 ? `${path.slice(0, 77)}…` : path)

/** Why `path` cannot be expanded from `kind`, or its expandables' names in order. */
const resolve = ({
  config,
  kind,
  path,
}: {
  config: SanitizedConfig
  kind: Kind
  path: string
}): { names: string[] } | { problem: string } => {
  const segments = path.split('.')
  // Refused before any lookup: each name is tried by its possible lengths, and a path of
  // thousands of segments would hold the event loop.
  if (path.length > 200 || segments.length > expandDepth * 4)
    return { problem: `longer than ${expandDepth} references can be` }
  const names: string[] = []
  let at: Kind | undefined = kind
  let i = 0
  while (i < segments.length) {
    if (!at) return { problem: 'not a reference' }
    const expandables = expandablesOf({ config, kind: at })
    // A reference inside a group is named by its dotted path: the longest name that fits.
    let found: Expandable | undefined
    let used = 0
    const longest = Math.max(0, ...[...expandables.keys()].map((name) => name.split('.').length))
    for (let n = Math.min(segments.length - i, longest); n > 0 && !found; n--) {
      const candidate = expandables.get(segments.slice(i, i + n).join('.'))
      if (candidate) {
        found = candidate
        used = n
      }
    }
    if (!found) {
      const known = [...expandables.keys()]
      return {
        problem: `"${segments.slice(i).join('.')}" is not expandable on ${at.path}${known.length > 0 ? ` (expandable: ${known.join(', ')})` : ' (it has no references)'}`,
      }
    }
    names.push(found.name)
    i += used
    if (names.length === expandDepth && i < segments.length)
      return { problem: `deeper than ${expandDepth} references` }
    at = partnerKinds({ config }).get(found.target)
  }
  return { names }
}

/**
 * `expand` checked against the kind: each path known, at most `expandDepth` references deep,
 * at most `expandPathsMax` paths; any other is a 400 naming every bad path. The answer is
 * normalised (sorted, without repeats) for the cache key, with the tree to expand.
 */
export const parseExpand = ({
  config,
  kind,
  raw,
}: {
  config: SanitizedConfig
  kind: Kind
  raw: string | undefined
}): { paths: string[]; tree: ExpandTree } => {
  const tree: ExpandTree = new Map()
  if (raw === undefined) return { paths: [], tree }
  const asked = [...new Set(entriesOf(raw))].sort()
  const problems: { field: string; message: string }[] = []
  if (asked.length > expandPathsMax)
    problems.push({ field: 'expand', message: `At most ${expandPathsMax} paths.` })
  const paths: string[] = []
  for (const path of asked) {
    const resolved = resolve({ config, kind, path })
    if ('problem' in resolved) {
      problems.push({ field: 'expand', message: `"${shown(path)}": ${resolved.problem}.` })
      continue
    }
    paths.push(resolved.names.join('.'))
    let at = tree
    for (const name of resolved.names) {
      const next = at.get(name) ?? new Map()
      at.set(name, next)
      at = next
    }
  }
  if (problems.length > 0)
    fail({
      status: 400,
      detail: `"expand" names what cannot be expanded: ${problems.map((p) => p.message).join(' ')}`,
      errors: problems,
    })
  return { paths: [...new Set(paths)].sort(), tree }
}

/** What `select` may name: the record's top-level fields and its joins. */
export const selectableOf = ({
  config,
  kind,
}: {
  config: SanitizedConfig
  kind: Kind
}): string[] => [
  ...Object.keys(kind.read.properties ?? {}),
  ...[...expandablesOf({ config, kind }).values()]
    .filter((e) => e.type === 'join')
    .map((e) => e.name),
]

/**
 * `select` checked against the kind: top-level names only, each known (a 400 names every
 * unknown one); sorted, without repeats, `id` always among them. `undefined`: the whole record.
 */
export const parseSelect = ({
  config,
  kind,
  raw,
}: {
  config: SanitizedConfig
  kind: Kind
  raw: string | undefined
}): string[] | undefined => {
  if (raw === undefined) return undefined
  const allowed = new Set(selectableOf({ config, kind }))
  const asked = [...new Set(entriesOf(raw))]
  const unknown = asked.filter((name) => !allowed.has(name))
  if (unknown.length > 0 || asked.length === 0)
    fail({
      status: 400,
      detail:
        asked.length === 0
          ? '"select" names no field.'
          : `"select" names unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Selectable: ${[...allowed].join(', ')}.`,
      errors:
        asked.length === 0
          ? [{ field: 'select', message: 'Expected field names.' }]
          : unknown.map((name) => ({ field: 'select', message: `Unknown field "${name}".` })),
    })
  return [...new Set(['id', ...asked])].sort()
}

/** Every path `expand` takes on the kind, for the document. */
export const expandPathsOf = ({
  config,
  kind,
}: {
  config: SanitizedConfig
  kind: Kind
}): string[] => {
  const kinds = partnerKinds({ config })
  return [...expandablesOf({ config, kind }).values()].flatMap((first) => {
    const target = kinds.get(first.target)
    const deeper = target ? [...expandablesOf({ config, kind: target }).keys()] : []
    return [first.name, ...deeper.map((name) => `${first.name}.${name}`)]
  })
}

/** `expand` and `select` as sent, checked and normalised: equal asks, one cache entry. */
export const normaliseShape = ({
  config,
  kind,
  params,
}: {
  config: SanitizedConfig
  kind: Kind
  params: { expand?: string; select?: string }
}): { expand?: string; select?: string } => {
  const { paths } = parseExpand({ config, kind, raw: params.expand })
  const select = parseSelect({ config, kind, raw: params.select })
  return {
    ...(paths.length > 0 ? { expand: paths.join(',') } : {}),
    ...(select ? { select: select.join(',') } : {}),
  }
}
