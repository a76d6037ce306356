import config from '@payload-config'

import { declaredKinds } from '../../src/plugins/partnerApi/kinds/declared'
import { routesOf } from '../../src/plugins/partnerApi/routes'

const sanitized = await config

/** The partner kinds the collections declare: the tests cover whatever is declared. */
export const kindSpecs = declaredKinds(sanitized.collections)

/** The route table of the running configuration. */
export const partnerRoutes = routesOf(sanitized)

/** Top-level field names of a collection, to fill only the references it has. */
export const fieldNamesOf = (collection: string): Set<string> =>
  new Set(
    (sanitized.collections.find((c) => c.slug === collection)?.flattenedFields ?? []).map(
      (f) => f.name,
    ),
  )
