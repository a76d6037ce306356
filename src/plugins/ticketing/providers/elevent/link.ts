/**
 * Elevent publishes no API: a performance's booking link is built from the tenant's shop
 * address and the ids an editor enters. The URL form is undocumented (research §5), so the
 * connection may give its own template.
 */
export const defaultEleventTemplate = '{shop}/{eventUrlName}/{showTimeId}'

const present = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/**
 * The booking link of an Elevent performance, or null: when the shop is not an https address,
 * when a value the template names is missing, or when the result is no https address. `{shop}`
 * is the shop's address without its trailing slash; every other value is one path segment,
 * URL-encoded.
 */
export const eleventLink = ({
  shop,
  template,
  eventId,
  eventUrlName,
  showTimeId,
}: {
  shop: unknown
  template?: unknown
  eventId?: unknown
  eventUrlName?: unknown
  showTimeId?: unknown
}): string | null => {
  const base = present(shop)?.replace(/\/+$/, '')
  if (!base || !isHttps(base)) return null
  const values: Record<string, string | undefined> = {
    eventId: present(eventId),
    eventUrlName: present(eventUrlName),
    showTimeId: present(showTimeId),
  }
  let missing = false
  const url = (present(template) ?? defaultEleventTemplate).replace(
    /\{(\w+)\}/g,
    (whole, name: string) => {
      if (name === 'shop') return base
      if (!(name in values)) return whole
      const value = values[name]
      if (value === undefined) missing = true
      return encodeURIComponent(value ?? '')
    },
  )
  return !missing && isHttps(url) ? url : null
}

const isHttps = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}
