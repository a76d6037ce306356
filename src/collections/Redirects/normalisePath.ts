/**
 * The one form a redirect's `from` is stored and matched in: a path with a leading slash, no
 * origin, no trailing slash (but the root), no repeated slashes, lowercase; the query kept.
 * "https://theatre.example/Whats-On/?x=1" → "/whats-on?x=1".
 */
export const normalisePath = (input: string): string => {
  let value = input.trim()
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '')
  const [rawPath = '', ...rest] = value.split('?')
  const query = rest.length ? `?${rest.join('?')}` : ''
  let pathPart = `/${rawPath}`.replace(/\/{2,}/g, '/').toLowerCase()
  if (pathPart.length > 1) pathPart = pathPart.replace(/\/+$/, '')
  return `${pathPart}${query}`
}
