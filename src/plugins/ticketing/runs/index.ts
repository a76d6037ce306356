import type { CollectionConfig, Field } from 'payload'

import { inAdministeredTenant } from '../../../access/administeredTenant'
import type { runKinds } from '../defaults'
import { providers, runStatuses } from '../defaults'
import { inMemberTenant } from '../connections/access'
import { keepStoredRun } from './keepStoredRun'
import { namedHooks } from '../../../lib/hookNames'

const readOnly = { readOnly: true } as const
const countNames = ['created', 'updated', 'unchanged', 'cancelled', 'removed', 'failed'] as const
const when = (name: string): Field => ({
  name,
  type: 'date',
  admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } },
})

/**
 * Each sync of a connection, queued, running or finished: written by the server alone (the
 * runner claims and settles runs in SQL across instances); a tenant's members read them. At
 * most one run of a connection is queued or running at a time: a partial unique index the
 * plugin declares (`runs/activeRunIndex.ts`), which Payload's `indexes` cannot express.
 */
export const ticketingSyncRunsCollection: CollectionConfig = {
  slug: 'ticketing-sync-runs',
  labels: { singular: 'Ticketing sync run', plural: 'Ticketing sync runs' },
  custom: { tenantOwned: true },
  admin: {
    group: 'Settings',
    useAsTitle: 'status',
    defaultColumns: ['connection', 'status', 'dryRun', 'trigger', 'queuedAt', 'finishedAt'],
    description: 'Box-office syncs: what each did, or would do (a preview).',
  },
  access: {
    create: () => false,
    read: inMemberTenant,
    update: inAdministeredTenant,
    delete: () => false,
  },
  hooks: { beforeChange: namedHooks({ keepStoredRun }) },
  // The runner's claim takes the oldest queued run; lists filter by connection and status.
  indexes: [{ fields: ['status', 'queuedAt'] }],
  fields: [
    {
      name: 'connection',
      type: 'relationship',
      relationTo: 'ticketing-connections',
      index: true,
      admin: readOnly,
    },
    {
      name: 'provider',
      type: 'select',
      required: true,
      options: providers.map(({ label, value }) => ({ label, value })),
      admin: readOnly,
    },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'sync',
      options: [
        { label: 'Full sync', value: 'sync' },
        { label: 'Availability', value: 'availability' },
      ] satisfies { label: string; value: (typeof runKinds)[number] }[],
      admin: readOnly,
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'queued',
      options: runStatuses.map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    {
      name: 'dryRun',
      label: 'Preview (dry run)',
      type: 'checkbox',
      defaultValue: false,
      admin: readOnly,
    },
    { name: 'confirmRemovals', type: 'checkbox', defaultValue: false, admin: readOnly },
    {
      name: 'trigger',
      type: 'select',
      required: true,
      defaultValue: 'manual',
      options: [
        { label: 'Schedule', value: 'schedule' },
        { label: 'By hand', value: 'manual' },
      ],
      admin: readOnly,
    },
    {
      name: 'requestedBy',
      type: 'relationship',
      relationTo: ['users', 'api-keys'],
      admin: { ...readOnly, description: 'A user or an API key; none for a scheduled run.' },
    },
    when('queuedAt'),
    when('startedAt'),
    when('finishedAt'),
    when('heartbeatAt'),
    { name: 'attempts', type: 'number', defaultValue: 0, admin: readOnly },
    {
      name: 'counts',
      type: 'group',
      admin: readOnly,
      fields: countNames.map((name) => ({
        name,
        type: 'number' as const,
        defaultValue: 0,
        admin: readOnly,
      })),
    },
    { name: 'errors', type: 'json', admin: readOnly },
    { name: 'plan', type: 'json', admin: readOnly },
    { name: 'message', type: 'textarea', admin: readOnly },
    { name: 'needsConfirmation', type: 'checkbox', defaultValue: false, admin: readOnly },
  ],
}
