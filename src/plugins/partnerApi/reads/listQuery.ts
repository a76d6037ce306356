import { parse } from 'qs-esm'
import type { Where } from 'payload'

import type { Leaf } from '../kinds/fieldSchema'
import { fail } from '../../../lib/partnerProblem'
import { queryLimits, wordsIn } from '../../../lib/queryLimits'
import { listDefaults } from '../defaults'
import { decodeListCursor, type ListCursor } from './listCursor'

import { isUuid } from '../../../lib/uuid'

/** The operators a filter may use on a field, by the field's type. */
export const operatorsFor: Record<Leaf['type'], string[]> = {
  string: ['equals', 'not_equals', 'in', 'not_in', 'like', 'contains', 'exists'],
  number: [
    'equals',
    'not_equals',
    'in',
    'not_in',
    'greater_than',
    'greater_than_equal',
    'less_than',
    'less_than_equal',
    'exists',
  ],
  'date-time': [
    'equals',
    'not_equals',
    'greater_than',
    'greater_than_equal',
    'less_than',
    'less_than_equal',
    'exists',
  ],
  boolean: ['equals', 'not_equals', 'exists'],
  ref: ['equals', 'not_equals', 'in', 'not_in', 'exists'],
}

/** A select's values are compared whole: PostgreSQL has no ILIKE for its enum types. */
const enumOperators = ['equals', 'not_equals', 'in', 'not_in', 'exists']

/** The operators a filter may use on this field. */
export const operatorsOf = (leaf: Leaf): string[] =>
  leaf.options ? enumOperators : operatorsFor[leaf.type]

const limits = queryLimits

type Problems = { field: string; message: string }[]
/** What a whole `where` has used so far of the query's limits. */
type Counter = { n: number; likeCharacters: number }

const coerce = ({
  leaf,
  operator,
  value,
  problems,
  counter,
  at,
}: {
  leaf: Leaf
  operator: string
  value: unknown
  problems: Problems
  counter: Counter
  at: string
}): unknown => {
  if (operator === 'exists') {
    if (value === true || value === 'true') return true
    if (value === false || value === 'false') return false
    problems.push({ field: at, message: '"exists" takes true or false.' })
    return undefined
  }
  if (operator === 'in' || operator === 'not_in') {
    const list = Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(',')
        : [value]
    if (list.length > limits.listItems) {
      problems.push({ field: at, message: `At most ${limits.listItems} values.` })
      return undefined
    }
    // Payload's adapter turns a null among references into the text "null", which PostgreSQL
    // refuses as an id: an empty reference is asked for with `exists: false`.
    if (leaf.type === 'ref' && list.some((item) => item === null || item === 'null')) {
      problems.push({
        field: at,
        message: 'A list of identifiers cannot hold null; use "exists": false for an empty one.',
      })
      return undefined
    }
    return list.map((item, i) =>
      coerce({ leaf, operator: 'equals', value: item, problems, counter, at: `${at}.${i}` }),
    )
  }
  const matching = operator === 'like' || operator === 'contains'
  if (value === null || value === 'null') {
    if (matching)
      problems.push({
        field: at,
        message: `"${operator}" takes words; an empty field is found with "exists": false.`,
      })
    return null
  }
  if (typeof value === 'object') {
    problems.push({ field: at, message: 'Expected a single value.' })
    return undefined
  }
  const text = String(value)
  if (text.length > limits.valueLength) {
    problems.push({ field: at, message: 'Value too long.' })
    return undefined
  }
  if (operator === 'like' && wordsIn(text) > limits.likeWords) {
    problems.push({ field: at, message: `"like" takes at most ${limits.likeWords} words.` })
    return undefined
  }
  if (matching && (counter.likeCharacters += text.length) > limits.likeCharacters) {
    problems.push({
      field: at,
      message: `"like" and "contains" take at most ${limits.likeCharacters} characters in all.`,
    })
    return undefined
  }
  if (leaf.options && !leaf.options.includes(text)) {
    problems.push({ field: at, message: `Expected one of: ${leaf.options.join(', ')}.` })
    return text
  }
  switch (leaf.type) {
    case 'number': {
      const n = Number(text)
      if (text.trim() === '' || !Number.isFinite(n))
        problems.push({ field: at, message: 'Expected a number.' })
      return n
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false')
        problems.push({ field: at, message: 'Expected true or false.' })
      return text === 'true'
    case 'date-time':
      if (Number.isNaN(Date.parse(text)))
        problems.push({ field: at, message: 'Expected an ISO 8601 date-time.' })
      return text
    case 'ref':
      if (!isUuid(text))
        problems.push({ field: at, message: 'Expected a record identifier (a UUID).' })
      return text
    default:
      return text
  }
}

const checkWhere = ({
  where,
  leaves,
  depth,
  problems,
  counter,
  at,
}: {
  where: unknown
  leaves: Map<string, Leaf>
  depth: number
  problems: Problems
  counter: Counter
  at: string
}): Where => {
  if (depth > limits.depth) {
    problems.push({ field: at, message: `Nested deeper than ${limits.depth} levels.` })
    return {}
  }
  if (!where || typeof where !== 'object' || Array.isArray(where)) {
    problems.push({ field: at, message: 'Expected an object of conditions.' })
    return {}
  }
  const out: Where = {}
  for (const [key, value] of Object.entries(where as Record<string, unknown>)) {
    const here = at ? `${at}.${key}` : `where.${key}`
    if (key === 'and' || key === 'or') {
      const list = Array.isArray(value)
        ? value
        : value && typeof value === 'object'
          ? Object.values(value)
          : null
      if (!list) {
        problems.push({ field: here, message: `"${key}" takes a list of conditions.` })
        continue
      }
      out[key] = list.map((item, i) =>
        checkWhere({
          where: item,
          leaves,
          depth: depth + 1,
          problems,
          counter,
          at: `${here}.${i}`,
        }),
      )
      continue
    }
    const leaf = leaves.get(key)
    if (!leaf) {
      problems.push({
        field: here,
        message: `"${key}" cannot be filtered on. Filterable: ${[...leaves.keys()].join(', ')}.`,
      })
      continue
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({
        field: here,
        message: 'Expected an operator, e.g. where[field][equals]=value.',
      })
      continue
    }
    const conditions: Record<string, unknown> = {}
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      if (++counter.n > limits.conditions) {
        problems.push({ field: here, message: `At most ${limits.conditions} conditions.` })
        return out
      }
      if (!operatorsOf(leaf).includes(operator)) {
        problems.push({
          field: `${here}.${operator}`,
          message: `Operator "${operator}" is not available here. Use one of: ${operatorsOf(leaf).join(', ')}.`,
        })
        continue
      }
      conditions[operator] = coerce({
        leaf,
        operator,
        value: operand,
        problems,
        counter,
        at: `${here}.${operator}`,
      })
    }
    out[key] = conditions
  }
  return out
}

export type ListQuery = {
  limit: number
  page: number
  sort: string
  where?: Where
  /** Where to go on from, instead of `page`: deep pages without reading those before. */
  cursor?: ListCursor
  /** Words to find (full-text, within the tenant); `ranked` when no `sort` was asked for. */
  search?: string
  ranked?: boolean
  /** `draft=true`: the latest version of a draft kind's records, not the published one. */
  draft: boolean
} & ShapeParams

/**
 * `expand` and `select` as sent (comma-separated); what they may name is the kind's, checked
 * where the route reads them (`expand/paths.ts`).
 */
export type ShapeParams = { expand?: string; select?: string }

const shapeNames = ['expand', 'select'] as const

/** A comma-separated parameter, given once or repeated (its lists are joined). */
const listParam = ({
  params,
  name,
}: {
  params: Record<string, unknown>
  name: string
}): string | undefined => {
  const raw = params[name]
  if (raw === undefined) return undefined
  const parts = Array.isArray(raw) ? raw : [raw]
  if (parts.every((part) => typeof part === 'string')) return parts.join(',')
  return fail({
    status: 400,
    detail: `"${name}" takes comma-separated names.`,
    errors: [{ field: name, message: 'Expected comma-separated names.' }],
  })
}

const shapeOf = (params: Record<string, unknown>): ShapeParams =>
  Object.fromEntries(
    shapeNames.flatMap((name) => {
      const value = listParam({ params, name })
      return value === undefined ? [] : [[name, value]]
    }),
  )

/** A retrieve's query: `draft` for a draft kind, and `expand` and `select`. */
export const parseRetrieveQuery = ({
  search,
  drafts,
  accepted = [],
}: {
  search: string
  drafts: boolean
  /** Parameters read elsewhere (a guest's pass, `preview`): allowed, not parsed here. */
  accepted?: readonly string[]
}): { draft: boolean } & ShapeParams => {
  const params = parseParams({
    search,
    known: [...(drafts ? ['draft'] : []), ...shapeNames, ...accepted],
  })
  return { draft: flagParam({ params, name: 'draft' }), ...shapeOf(params) }
}

const integer = ({
  raw,
  name,
  min,
  max,
}: {
  raw: unknown
  name: string
  min: number
  max: number
}): number => {
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
    return fail({
      status: 400,
      detail: `"${name}" must be a whole number.`,
      errors: [{ field: name, message: 'Expected a whole number.' }],
    })
  }
  const n = Number(raw)
  if (n < min || n > max) {
    return fail({
      status: 400,
      detail: `"${name}" must be between ${min} and ${max}.`,
      errors: [{ field: name, message: `Between ${min} and ${max}.` }],
    })
  }
  return n
}

/** The query string's parameters, each known to the operation; anything else is a 400. */
const parseParams = ({
  search,
  known,
}: {
  search: string
  known: readonly string[]
}): Record<string, unknown> => {
  if (search.length > 8_000) fail({ status: 400, detail: 'The query string is too long.' })
  // PostgreSQL text cannot hold a NUL: a filter, search or cursor with one can match nothing.
  if (/%00/i.test(search) || search.includes('\u0000'))
    fail({ status: 400, detail: 'The query string holds a NUL character (%00).' })
  const params = parse(search.replace(/^\?/, ''), {
    depth: 8,
    arrayLimit: 100,
    parameterLimit: 200,
  }) as Record<string, unknown>
  const unknown = Object.keys(params).filter((k) => !known.includes(k))
  if (unknown.length > 0) {
    fail({
      status: 400,
      detail: `Unknown query parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.${known.length > 0 ? ` Use ${known.join(', ')}.` : ' This operation takes none.'}`,
      errors: unknown.map((field) => ({ field, message: 'Unknown parameter.' })),
    })
  }
  return params
}

/** A yes-or-no parameter: `true` or `false`, absent is `false`. */
export const flagParam = ({ params, name }: { params: Record<string, unknown>; name: string }) => {
  const raw = params[name]
  if (raw === undefined || raw === 'false') return false
  if (raw === 'true') return true
  return fail({
    status: 400,
    detail: `"${name}" must be true or false.`,
    errors: [{ field: name, message: 'Expected true or false.' }],
  })
}

/**
 * The query of an operation on one record: `draft` for a draft kind's retrieve and update (and
 * `unpublish` for its update), nothing else.
 */
export const parseRecordQuery = ({
  search,
  known,
  accepted = [],
}: {
  search: string
  known: readonly string[]
  /** Parameters read elsewhere (a guest's pass, `preview`): allowed, not parsed here. */
  accepted?: readonly string[]
}): Record<string, boolean> => {
  const params = parseParams({ search, known: [...known, ...accepted] })
  return Object.fromEntries(known.map((name) => [name, flagParam({ params, name })]))
}

/**
 * `limit`, `page`, `sort` and `where` of a list request, checked against what the kind
 * declares. `where` comes in Payload's bracket notation or as a JSON string; no filter reaches
 * a field that is not declared (so never `tenant`), and anything else is a 400 naming it.
 */
export const parseListQuery = ({
  search,
  leaves,
  searchable = false,
  drafts = false,
}: {
  search: string
  leaves: Leaf[]
  /** Whether the kind takes `search`. */
  searchable?: boolean
  /** Whether the kind has drafts (and so takes `draft`). */
  drafts?: boolean
}): ListQuery => {
  const params = parseParams({
    search,
    known: [
      'limit',
      'page',
      'sort',
      'where',
      'cursor',
      ...(searchable ? ['search'] : []),
      ...(drafts ? ['draft'] : []),
      ...shapeNames,
    ],
  })
  const filterable = new Map(leaves.filter((l) => l.path !== 'tenant').map((l) => [l.path, l]))
  const limit =
    params.limit === undefined
      ? listDefaults.limit
      : integer({ raw: params.limit, name: 'limit', min: 1, max: listDefaults.maxLimit })
  const page =
    params.page === undefined
      ? 1
      : integer({ raw: params.page, name: 'page', min: 1, max: 100_000 })

  let sort: string = listDefaults.sort
  if (params.sort !== undefined) {
    if (typeof params.sort !== 'string' || !params.sort)
      fail({ status: 400, detail: '"sort" must be a field name, optionally with a leading "-".' })
    const field = String(params.sort).replace(/^-/, '')
    if (!filterable.has(field)) {
      fail({
        status: 400,
        detail: `Cannot sort on "${field}". Sortable: ${[...filterable.keys()].join(', ')}.`,
        errors: [{ field: 'sort', message: `Unknown field "${field}".` }],
      })
    }
    sort = String(params.sort)
  }

  let where: Where | undefined
  if (params.where !== undefined) {
    let raw = params.where
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw)
      } catch {
        fail({
          status: 400,
          detail: '"where" is neither bracket notation nor valid JSON.',
          errors: [{ field: 'where', message: 'Invalid JSON.' }],
        })
      }
    }
    const problems: Problems = []
    where = checkWhere({
      where: raw,
      leaves: filterable,
      depth: 0,
      problems,
      counter: { n: 0, likeCharacters: 0 },
      at: '',
    })
    if (problems.length > 0) {
      fail({
        status: 400,
        type: 'invalid-filter',
        detail: `The filter is not valid: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`,
        errors: problems,
      })
    }
  }
  const cursor = params.cursor === undefined ? undefined : parseCursor({ params, sort, filterable })
  const words = params.search === undefined ? undefined : parseSearch(params.search)
  if (words !== undefined && cursor)
    fail({
      status: 400,
      detail: '"search" pages by "page", not "cursor": its answers are the best matches.',
      errors: [{ field: 'cursor', message: 'Not with search.' }],
    })
  return {
    ...(words !== undefined ? { search: words, ranked: params.sort === undefined } : {}),
    draft: flagParam({ params, name: 'draft' }),
    limit,
    page: cursor?.page ?? page,
    sort: cursor?.sort ?? sort,
    ...(where ? { where } : {}),
    ...(cursor ? { cursor } : {}),
    ...shapeOf(params),
  }
}

/** Words of a `search`: some text, bounded in length and in words. */
const parseSearch = (raw: unknown): string => {
  const refuse = (message: string): never =>
    fail({ status: 400, detail: `"search": ${message}`, errors: [{ field: 'search', message }] })
  if (typeof raw !== 'string') return refuse('Expected words to find.')
  const words = raw.trim()
  if (!words) return refuse('Expected words to find.')
  if (words.length > limits.valueLength) return refuse('Too long.')
  if (words.split(/\s+/).length > limits.searchWords)
    return refuse(`At most ${limits.searchWords} words.`)
  return words
}

/** A cursor from an answer's `nextCursor`, for the same sort; never with `page`. */
const parseCursor = ({
  params,
  sort,
  filterable,
}: {
  params: Record<string, unknown>
  sort: string
  filterable: Map<string, Leaf>
}): ListCursor => {
  const refuse = (message: string): never =>
    fail({ status: 400, detail: `"cursor": ${message}`, errors: [{ field: 'cursor', message }] })
  if (params.page !== undefined) return refuse('Send either page or cursor, not both.')
  const cursor = typeof params.cursor === 'string' ? decodeListCursor(params.cursor) : undefined
  if (!cursor) return refuse("Not a cursor this API gave; pass back an answer's nextCursor.")
  if (params.sort !== undefined && cursor.sort !== sort)
    return refuse(`The cursor was made for sort "${cursor.sort}"; send that sort, or none.`)
  // A cursor is only base64: what it says is checked as a filter would be.
  const leaf = filterable.get(cursor.sort.replace(/^-/, ''))
  const problems: Problems = []
  const value =
    leaf && cursor.value !== null
      ? coerce({
          leaf,
          operator: 'equals',
          value: cursor.value,
          problems,
          counter: { n: 0, likeCharacters: 0 },
          at: 'cursor',
        })
      : null
  if (!leaf || problems.length > 0)
    return refuse("Not a cursor this API gave; pass back an answer's nextCursor.")
  return { ...cursor, value: value as ListCursor['value'] }
}
