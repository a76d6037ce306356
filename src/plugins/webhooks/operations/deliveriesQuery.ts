import { readQuery, type QueryProblem } from '../../partnerApi/exports/routes'

/** A page of a subscription's delivery log: default and most a partner may ask for. */
export const deliveryPage = { limit: 20, maxLimit: 100 } as const

export type DeliveriesQuery = { limit: number; page: number }

/** `?limit=&page=`, whole numbers in range; anything else is named in `problems`. */
export const parseDeliveriesQuery = (
  search: string,
): { query: DeliveriesQuery } | { problems: QueryProblem[] } => {
  const { problems, whole } = readQuery({ search, known: ['limit', 'page'] })
  const query = {
    limit: whole({ name: 'limit', fallback: deliveryPage.limit, max: deliveryPage.maxLimit }),
    page: whole({ name: 'page', fallback: 1, max: 100_000 }),
  }
  return problems.length > 0 ? { problems } : { query }
}
