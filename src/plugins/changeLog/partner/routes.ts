import { partnerKinds } from '../../partnerApi/exports/records'
import type { PartnerRoute } from '../../partnerApi/exports/routes'
import { queryProblems, readVersionOf } from '../../partnerApi/exports/routes'
import type { FeedQuery } from '../feed/feedQuery'
import { parseFeedQuery } from '../feed/feedQuery'
import { listChanges } from './listChanges'
import { changeParameters, changeSchemas } from './schemas'

/** The tag the change feed is listed under. */
export const changesTag = {
  name: 'Changes',
  description: 'What changed in a tenant, in order: the feed partners mirror a tenant with.',
}

const feed: PartnerRoute<FeedQuery> = {
  method: 'GET',
  path: '/{tenant}/changes',
  scope: 'read',
  tag: changesTag,
  operationId: 'listChanges',
  summary: 'List changes',
  description:
    "Every create, update, publish, unpublish and delete of the tenant's records, oldest first, whatever made it (the admin, this API, an import). Mirror a tenant by reading each kind in full once, then following this feed: pass the `next` of each answer as `after`. Deletions are entries too. Of kinds with drafts the feed follows what is published, as the list operations do: changes that touched drafts only (a draft saved over a live record, records never published) are left out unless `drafts=true` (a key that may write). A cursor older than the retention, or of the retired plain encoding, answers 410: read everything again.",
  input: {
    query: {
      parse: ({ search, payload, principal }) => {
        const parsed = parseFeedQuery({
          search,
          kinds: [...partnerKinds(payload).keys()],
          scope: { secret: payload.secret, tenant: principal.tenant.id },
        })
        if ('problems' in parsed) return queryProblems(parsed.problems)
        readVersionOf({ principal, draft: parsed.query.drafts, parameter: 'drafts=true' })
        return parsed.query
      },
      parameters: ({ kinds }) => changeParameters(kinds),
    },
  },
  operation: ({ payload, principal, query }) => listChanges({ payload, principal, query }),
  success: { status: 200, description: 'Successful response', schema: 'ChangeList' },
  errors: [400, 401, 403, 410, 429, 503],
  schemas: ({ kinds }) => changeSchemas(kinds),
}

/** The change feed's routes, for `partnerApi({ routes })`. */
export const changeFeedRoutes: readonly PartnerRoute[] = [feed]
