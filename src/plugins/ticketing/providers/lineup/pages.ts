import { ProviderError } from '../http'
import { isObj } from './shapes'

/** The most pages one list may take: a box office that pages on past this is broken. */
export const maxPages = 1_000

/**
 * The next page of a Line-Up list, from the answer's envelope: `next_page` as a page number or
 * an address, else `links.next`; none (null, absent, empty) ends the list. An address is read
 * against the current one and must stay on its origin (scheme, host and port): every call
 * carries the tenant's key, which no other host (nor plain http) may receive.
 */
export const nextPage = ({ body, current }: { body: unknown; current: URL }): URL | null => {
  if (!isObj(body)) return null
  const links = isObj(body.links) ? body.links : {}
  const next = body.next_page ?? links.next
  if (next === null || next === undefined || next === '' || next === false) return null
  if (typeof next === 'number' || (typeof next === 'string' && /^\d+$/.test(next))) {
    const url = new URL(current)
    url.searchParams.set('page', String(next))
    return url
  }
  if (typeof next === 'string') {
    let url: URL | undefined
    try {
      url = new URL(next, current)
    } catch {
      // Falls through to the error below.
    }
    if (url && url.origin !== current.origin)
      throw new ProviderError(
        `Line-Up answered a list whose next page is on another address (${url.origin}); the sync only calls ${current.origin}.`,
      )
    if (url) return url
  }
  throw new ProviderError(
    `Line-Up answered a list whose next page ${JSON.stringify(String(next).slice(0, 80))} is neither a number nor an address.`,
  )
}

/**
 * Reads every page of a list from `first`, handing each answer to `onPage` as it comes (so a
 * run keeps only what it wants). A page asked twice, or more than `maxPages`, fails the run:
 * a list that loops would never end.
 */
export const eachPage = async ({
  first,
  what,
  get,
  onPage,
  limit = maxPages,
}: {
  first: URL
  what: string
  get: (args: { url: URL; what: string }) => Promise<unknown>
  onPage: (body: unknown) => void
  limit?: number
}): Promise<void> => {
  const seen = new Set<string>()
  for (let url: URL | null = first; url;) {
    const key = url.toString()
    if (seen.has(key))
      throw new ProviderError(`Line-Up answered ${what} with a page it had given before (${key}).`)
    if (seen.size >= limit)
      throw new ProviderError(`Line-Up answered ${what} in more than ${limit} pages.`)
    seen.add(key)
    const body = await get({ url, what: `${what}, page ${seen.size}` })
    onPage(body)
    url = nextPage({ body, current: url })
  }
}
