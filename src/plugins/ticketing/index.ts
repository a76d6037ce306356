import type { Plugin } from 'payload'

import { ticketingConnectionsCollection } from './connections'
import { withSyncHooks } from './hooks/plugin'
import { resolveOptions, ticketingOptions, type TicketingInput } from './options'
import { startRunner } from './runner/start'
import { ticketingSyncRunsCollection } from './runs'

/**
 * Box-office sync, config → config: the connection and run collections, the locks on the
 * fields the box office owns (and the cleanup of a deleted record's links) on events and
 * event instances, the options recorded on the configuration, and a runner in every app instance that runs syncs (one run of a
 * connection at a time across instances, by a partial unique index; claims by row locks).
 */
export const ticketing =
  (input: TicketingInput = {}): Plugin =>
  (config) => ({
    ...config,
    collections: [
      ...withSyncHooks(config.collections ?? []),
      ticketingConnectionsCollection,
      ticketingSyncRunsCollection,
    ],
    custom: { ...config.custom, ticketing: resolveOptions(input) },
    onInit: async (payload) => {
      await config.onInit?.(payload)
      if (ticketingOptions(payload.config).run) startRunner(payload)
    },
  })
