/** A page of a subscription's delivery log: default and most a partner may ask for. */
export const deliveryPage = { limit: 20, maxLimit: 100 } as const

export type DeliveriesQuery = { limit: number; page: number }

/** `?limit=&page=`, whole numbers in range; anything else is named in `problems`. */
export const parseDeliveriesQuery = (
  search: string,
): { query: DeliveriesQuery } | { problems: { field: string; message: string }[] } => {
  const params = new URLSearchParams(search)
  const problems: { field: string; message: string }[] = []
  const whole = ({ name, fallback, max }: { name: string; fallback: number; max: number }) => {
    const raw = params.get(name)
    if (raw === null) return fallback
    const value = Number(raw)
    if (!/^\d{1,9}$/.test(raw) || value < 1 || value > max) {
      problems.push({ field: name, message: `A whole number from 1 to ${max}.` })
      return fallback
    }
    return value
  }
  for (const name of new Set(params.keys()))
    if (name !== 'limit' && name !== 'page')
      problems.push({ field: name, message: 'Unknown parameter: limit and page are known.' })
  const query = {
    limit: whole({ name: 'limit', fallback: deliveryPage.limit, max: deliveryPage.maxLimit }),
    page: whole({ name: 'page', fallback: 1, max: 100_000 }),
  }
  return problems.length > 0 ? { problems } : { query }
}
