import { ProviderError } from '../http'

/**
 * The parts of Tessitura's TXN answers the sync reads, checked as read (unknown keys are
 * ignored): ids are integers or id strings, dates carry an offset and parse. Anything else fails
 * the run (and changes nothing).
 */
export type TessituraPerformance = {
  id: string
  seasonId: string
  /** ISO instant. */
  start: string
  /** Minutes, when Tessitura says. */
  duration: number | null
  status: string
  saleIndicator: string
  publishFrom: string | null
  publishTo: string | null
}

export type TessituraSeason = { id: string; description: string }

/** Keywords by the production element (performance) they were asked for. */
export type TessituraKeywords = Map<string, { id: string; description: string }[]>

/** Seats left per performance: the sum of its zones' `AvailableCount`. */
export type TessituraZones = Map<string, number>

type Obj = Record<string, unknown>

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const wrong = (what: string, why: string): never => {
  throw new ProviderError(`Tessitura answered ${what} in a shape the sync does not know: ${why}.`)
}

const list = (body: unknown, what: string): unknown[] =>
  Array.isArray(body) ? body : wrong(what, 'not a list')

const obj = (value: unknown, what: string, field: string): Obj =>
  isObj(value) ? value : wrong(what, `"${field}" is not an object`)

const id = (value: unknown, what: string, field: string): string => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value === 'string' && /^\d{1,18}$/.test(value.trim())) return value.trim()
  return wrong(what, `"${field}" is not an id`)
}

const text = (value: unknown, what: string, field: string): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : wrong(what, `"${field}" is not text`)

const instant = (value: unknown, what: string, field: string): string => {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value))
    return wrong(what, `"${field}" is not a date`)
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? wrong(what, `"${field}" is not a date`) : at.toISOString()
}

const optionalInstant = (value: unknown, what: string, field: string): string | null =>
  value === null || value === undefined ? null : instant(value, what, field)

const count = (value: unknown, what: string, field: string): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : wrong(what, `"${field}" is not a count`)

export const readPerformances = (body: unknown, what: string): TessituraPerformance[] =>
  list(body, what).map((item) => {
    if (!isObj(item)) return wrong(what, 'an item is not an object')
    const season = obj(item.ProductionSeason, what, 'ProductionSeason')
    const status = item.PerformanceStatus
    return {
      id: id(item.PerformanceId, what, 'PerformanceId'),
      seasonId: id(season.Id, what, 'ProductionSeason.Id'),
      start: instant(item.PerformanceDate, what, 'PerformanceDate'),
      duration:
        item.Duration === null || item.Duration === undefined
          ? null
          : count(item.Duration, what, 'Duration'),
      status: isObj(status) ? text(status.Description, what, 'PerformanceStatus.Description') : '',
      saleIndicator: text(item.AvailSaleIndicator, what, 'AvailSaleIndicator'),
      publishFrom: optionalInstant(item.PublishWebApiStartDate, what, 'PublishWebApiStartDate'),
      publishTo: optionalInstant(item.PublishWebApiEndDate, what, 'PublishWebApiEndDate'),
    }
  })

export const readSeasons = (body: unknown): TessituraSeason[] => {
  const what = 'the production seasons'
  return list(body, what).map((item) => {
    if (!isObj(item)) return wrong(what, 'an item is not an object')
    return { id: id(item.Id, what, 'Id'), description: text(item.Description, what, 'Description') }
  })
}

export const readKeywords = (body: unknown): TessituraKeywords => {
  const what = 'the keywords'
  const out: TessituraKeywords = new Map()
  for (const item of list(body, what)) {
    if (!isObj(item)) return wrong(what, 'an item is not an object')
    const owner = id(obj(item.RequestedOwner, what, 'RequestedOwner').ElementId, what, 'ElementId')
    const words = list(item.Keywords ?? [], what).map((word) => {
      if (!isObj(word)) return wrong(what, 'a keyword is not an object')
      return {
        id: id(word.Id, what, 'Keywords.Id'),
        description: text(word.Description, what, 'Keywords.Description').trim(),
      }
    })
    out.set(owner, [...(out.get(owner) ?? []), ...words])
  }
  return out
}

export const readZones = (body: unknown): TessituraZones => {
  const what = 'the zones'
  const out: TessituraZones = new Map()
  for (const item of list(body, what)) {
    if (!isObj(item)) return wrong(what, 'an item is not an object')
    const performance = id(item.PerformanceId, what, 'PerformanceId')
    out.set(
      performance,
      (out.get(performance) ?? 0) + count(item.AvailableCount, what, 'AvailableCount'),
    )
  }
  return out
}
