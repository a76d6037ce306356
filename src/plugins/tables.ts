import { addChangeLogTables } from './changeLog/exports'
import { addRateLimitTable } from './partnerApi/exports/server'
import { declareSearchIndexes } from './searchIndexes'
import { addTicketingTables, declareActiveRunIndex } from './ticketing/exports'

/**
 * The tables plugins keep beside Payload's collections (rate-limit counters, the change log),
 * added to Payload's schema so `push` and the migrations know them; the database adapter is
 * given this list and knows no plugin.
 */
export const pluginTables = [addRateLimitTable, addChangeLogTables, addTicketingTables]

/**
 * Indexes plugins declare on the collections' own tables (search's per-language GIN indexes,
 * one sync run under way per ticketing connection).
 */
export const pluginIndexes = [declareSearchIndexes, declareActiveRunIndex]
