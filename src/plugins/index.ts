import type { Plugin } from 'payload'

import { readSettings } from '../lib/settings'
import { pluginSettings } from './settings'

import { redirects } from '../collections/Redirects'
import { boundedQueries } from './boundedQueries'
import { changeLog } from './changeLog'
import { customAttributeTargets } from './customAttributeTargets'
import { firstUserForm } from './firstUserForm'
import { keepServerErrors } from './keepServerErrors'
import { mediaStorage } from './mediaStorage'
import { nestedPages } from './nestedPages'
import { noDocumentLocks } from './noDocumentLocks'
import { observability, timedHooks } from './observability'
import { plainLabels } from './plainLabels'
import { changeFeedRoutes } from './changeLog/exports'
import { eventFeedRoutes } from './eventFeeds/exports'
import { dropAnswersOnWrite, partnerApi } from './partnerApi'
import { realDates } from './realDates'
import { scheduling } from './scheduling'
import { search } from './search'
import { seo } from './seo'
import { tenancy } from './tenancy'
import { tenantIntegrity } from './tenantIntegrity'
import { transactionReads } from './transactionReads'
import { cancelChangesOfRetiredKey, scheduleRoutes } from './scheduling/exports'
import { webhooks } from './webhooks'
import { ticketing, ticketingRoutes } from './ticketing/exports'
import { pauseWebhooksOfRetiredKey, queueDeliveries, webhookRoutes } from './webhooks/exports'
import { previewReads, previewRoutes, previews, revokeLinksOfRetiredKey } from './previews/exports'

/**
 * Every plugin, in the order that matters: the ones that add collections (keys, redirects) come
 * before the ones that read the collections' declarations (attribute targets, tenancy), and the
 * multi-tenant plugin wraps what the others added; SEO defaults are filled before the tenant
 * checks read the references they hold; locks and query limits go on everything.
 * The change log's hooks run after every other afterChange hook the collections declare; the
 * webhook queue is its subscriber, so deliveries are written in the change's transaction. Every
 * write of tenant content then ends the tenant's cached partner answers at its commit.
 */
export const plugins: Plugin[] = [
  partnerApi({
    ...pluginSettings().partnerApi,
    // Each plugin's partner routes, served and documented as record kinds' are.
    routes: [
      ...changeFeedRoutes,
      ...webhookRoutes,
      ...scheduleRoutes,
      ...ticketingRoutes,
      ...eventFeedRoutes,
      ...previewRoutes,
    ],
    // A shared draft's preview token reads that one record without a key.
    guestReads: previewReads,
    // What a revoked key made stops with it: its subscriptions pause, its changes are cancelled,
    // its preview links are revoked.
    keyRetirement: [pauseWebhooksOfRetiredKey, cancelChangesOfRetiredKey, revokeLinksOfRetiredKey],
  }),
  redirects(),
  // Media files to the bucket when one is configured; its hooks come before the change log's.
  mediaStorage(),
  webhooks(pluginSettings().webhooks),
  ticketing(pluginSettings().ticketing),
  // Preview links: tenant-owned, so before the tenancy plugins.
  previews({ serverUrl: readSettings().serverUrl }),
  customAttributeTargets(),
  nestedPages(),
  realDates(),
  seo(),
  scheduling({ pollMs: readSettings().schedulePollMs }),
  search(),
  tenantIntegrity(),
  // `npm run bench` starts one app without the log, to measure what the log costs a write.
  ...(process.env.BENCH_WITHOUT_CHANGE_LOG === '1'
    ? []
    : [changeLog({ subscribers: [queueDeliveries] })]),
  dropAnswersOnWrite(),
  tenancy(),
  firstUserForm(),
  noDocumentLocks(),
  boundedQueries(),
  observability(),
  keepServerErrors(),
  // After every plugin that adds hooks: a write forgets what its transaction read of the record
  // before any other hook of the write runs.
  transactionReads(),
  // Last: every field the others added is labelled too.
  plainLabels(),
  // After every plugin that adds hooks: each is timed when SERVER_TIMING=on.
  timedHooks({ enabled: readSettings().serverTiming }),
]
