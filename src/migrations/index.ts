import * as migration_20261121_141625_initial from './20261121_141625_initial'
import * as migration_20261121_145455_api_keys from './20261121_145455_api_keys'
import * as migration_20261121_170926_rate_limits from './20261121_170926_rate_limits'
import * as migration_20261122_041040_key_prefix_unique from './20261122_041040_key_prefix_unique'
import * as migration_20261122_041656_media_original_name_no_locks from './20261122_041656_media_original_name_no_locks'
import * as migration_20261122_063204_attribute_targets_declared from './20261122_063204_attribute_targets_declared'
import * as migration_20261122_073538_change_log from './20261122_073538_change_log'
import * as migration_20261122_083927_webhooks from './20261122_083927_webhooks'
import * as migration_20261122_122216_tenant_sort_indexes from './20261122_122216_tenant_sort_indexes'
import * as migration_20261122_150623_rich_text from './20261122_150623_rich_text'
import * as migration_20261122_153308_page_layout from './20261122_153308_page_layout'
import * as migration_20261122_155040_search_text from './20261122_155040_search_text'
import * as migration_20261122_174103_seo from './20261122_174103_seo'
import * as migration_20261122_174656_scheduled_publishing from './20261122_174656_scheduled_publishing'
import * as migration_20261122_175840_search_language from './20261122_175840_search_language'
import * as migration_20261123_180826_event_places from './20261123_180826_event_places'
import * as migration_20261124_183845_published_reads from './20261124_183845_published_reads'
import * as migration_20261124_184129_local_times from './20261124_184129_local_times'
import * as migration_20261124_203543_key_provenance from './20261124_203543_key_provenance'
import * as migration_20261124_204650_webhook_fairness from './20261124_204650_webhook_fairness'
import * as migration_20261124_211118_webhook_claim_bounds from './20261124_211118_webhook_claim_bounds'
import * as migration_20261124_231937_search_indexes_declared from './20261124_231937_search_indexes_declared'
import * as migration_20261125_015319_ticketing_sync from './20261125_015319_ticketing_sync'
import * as migration_20261125_020003_ticketing from './20261125_020003_ticketing'
import * as migration_20261125_045312_ticketing_providers from './20261125_045312_ticketing_providers'
import * as migration_20261127_021354_media_object_store from './20261127_021354_media_object_store'
import * as migration_20261127_032357_media_object_removal from './20261127_032357_media_object_removal'
import * as migration_20261127_053419_preview_links from './20261127_053419_preview_links'

export const migrations = [
  {
    up: migration_20261121_141625_initial.up,
    down: migration_20261121_141625_initial.down,
    name: '20261121_141625_initial',
  },
  {
    up: migration_20261121_145455_api_keys.up,
    down: migration_20261121_145455_api_keys.down,
    name: '20261121_145455_api_keys',
  },
  {
    up: migration_20261121_170926_rate_limits.up,
    down: migration_20261121_170926_rate_limits.down,
    name: '20261121_170926_rate_limits',
  },
  {
    up: migration_20261122_041040_key_prefix_unique.up,
    down: migration_20261122_041040_key_prefix_unique.down,
    name: '20261122_041040_key_prefix_unique',
  },
  {
    up: migration_20261122_041656_media_original_name_no_locks.up,
    down: migration_20261122_041656_media_original_name_no_locks.down,
    name: '20261122_041656_media_original_name_no_locks',
  },
  {
    up: migration_20261122_063204_attribute_targets_declared.up,
    down: migration_20261122_063204_attribute_targets_declared.down,
    name: '20261122_063204_attribute_targets_declared',
  },
  {
    up: migration_20261122_073538_change_log.up,
    down: migration_20261122_073538_change_log.down,
    name: '20261122_073538_change_log',
  },
  {
    up: migration_20261122_083927_webhooks.up,
    down: migration_20261122_083927_webhooks.down,
    name: '20261122_083927_webhooks',
  },
  {
    up: migration_20261122_122216_tenant_sort_indexes.up,
    down: migration_20261122_122216_tenant_sort_indexes.down,
    name: '20261122_122216_tenant_sort_indexes',
  },
  {
    up: migration_20261122_150623_rich_text.up,
    down: migration_20261122_150623_rich_text.down,
    name: '20261122_150623_rich_text',
  },
  {
    up: migration_20261122_153308_page_layout.up,
    down: migration_20261122_153308_page_layout.down,
    name: '20261122_153308_page_layout',
  },
  {
    up: migration_20261122_155040_search_text.up,
    down: migration_20261122_155040_search_text.down,
    name: '20261122_155040_search_text',
  },
  {
    up: migration_20261122_174103_seo.up,
    down: migration_20261122_174103_seo.down,
    name: '20261122_174103_seo',
  },
  {
    up: migration_20261122_174656_scheduled_publishing.up,
    down: migration_20261122_174656_scheduled_publishing.down,
    name: '20261122_174656_scheduled_publishing',
  },
  {
    up: migration_20261122_175840_search_language.up,
    down: migration_20261122_175840_search_language.down,
    name: '20261122_175840_search_language',
  },
  {
    up: migration_20261123_180826_event_places.up,
    down: migration_20261123_180826_event_places.down,
    name: '20261123_180826_event_places',
  },
  {
    up: migration_20261124_183845_published_reads.up,
    down: migration_20261124_183845_published_reads.down,
    name: '20261124_183845_published_reads',
  },
  {
    up: migration_20261124_184129_local_times.up,
    down: migration_20261124_184129_local_times.down,
    name: '20261124_184129_local_times',
  },
  {
    up: migration_20261124_203543_key_provenance.up,
    down: migration_20261124_203543_key_provenance.down,
    name: '20261124_203543_key_provenance',
  },
  {
    up: migration_20261124_204650_webhook_fairness.up,
    down: migration_20261124_204650_webhook_fairness.down,
    name: '20261124_204650_webhook_fairness',
  },
  {
    up: migration_20261124_211118_webhook_claim_bounds.up,
    down: migration_20261124_211118_webhook_claim_bounds.down,
    name: '20261124_211118_webhook_claim_bounds',
  },
  {
    up: migration_20261124_231937_search_indexes_declared.up,
    down: migration_20261124_231937_search_indexes_declared.down,
    name: '20261124_231937_search_indexes_declared',
  },
  {
    up: migration_20261125_015319_ticketing_sync.up,
    down: migration_20261125_015319_ticketing_sync.down,
    name: '20261125_015319_ticketing_sync',
  },
  {
    up: migration_20261125_020003_ticketing.up,
    down: migration_20261125_020003_ticketing.down,
    name: '20261125_020003_ticketing',
  },
  {
    up: migration_20261125_045312_ticketing_providers.up,
    down: migration_20261125_045312_ticketing_providers.down,
    name: '20261125_045312_ticketing_providers',
  },
  {
    up: migration_20261127_021354_media_object_store.up,
    down: migration_20261127_021354_media_object_store.down,
    name: '20261127_021354_media_object_store',
  },
  {
    up: migration_20261127_032357_media_object_removal.up,
    down: migration_20261127_032357_media_object_removal.down,
    name: '20261127_032357_media_object_removal',
  },
  {
    up: migration_20261127_053419_preview_links.up,
    down: migration_20261127_053419_preview_links.down,
    name: '20261127_053419_preview_links',
  },
]
