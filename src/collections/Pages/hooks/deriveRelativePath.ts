import type { CollectionBeforeChangeHook } from 'payload'

/**
 * The nested-docs plugin has already rebuilt `breadcrumbs` from the parent chain when this runs;
 * the last crumb's url is the page's path. When a parent moves, the plugin resaves the children
 * and this runs again for each of them.
 */
export const deriveRelativePath: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const crumbs = (data.breadcrumbs ?? originalDoc?.breadcrumbs) as
    { url?: string | null }[] | undefined
  const slug = data.slug ?? originalDoc?.slug
  const path = crumbs?.at(-1)?.url ?? (slug ? `/${slug}` : undefined)
  if (path) {
    data.relativePath = path
    data.url = path
  }
  return data
}
