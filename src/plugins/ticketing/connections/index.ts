import type { CollectionConfig } from 'payload'

import { requireAdministeredTenant } from '../../../hooks/requireAdministeredTenant'
import {
  credentialLabels,
  lineupBaseUrl,
  providerCredentials,
  providers,
  spektrixBaseUrl,
} from '../defaults'
import { connectionAccess } from './access'
import { allCredentialNames } from '../credentials/sealed'
import { syncEndpoint } from './endpoints'
import { dropLinks } from './hooks/dropLinks'
import { dropQueuedRuns } from './hooks/dropQueuedRuns'
import { limitConnectionsPerTenant } from './hooks/limitPerTenant'
import {
  refreshEleventLinksOnChange,
  refreshEleventLinksOnDelete,
} from './hooks/refreshEleventLinks'
import { oneEleventPerTenant } from './hooks/oneEleventPerTenant'
import { refuseOtherCredentials } from './hooks/refuseOtherCredentials'
import { answerNoCredentials, sealCredentials } from './hooks/sealCredentials'
import {
  eleventTemplatePlaceholders,
  lineupTemplatePlaceholders,
  validateBaseUrl,
  validateChannelId,
  validateClientName,
  validateCustomDomain,
  validateLinkSetting,
  validateLinkTemplate,
  validateProviderFixed,
  validateSchedule,
  validateTessituraBaseUrl,
  validateWholeBetween,
} from './validate'
import { namedHooks } from '../../../lib/hookNames'

const isProvider = (provider: string) => (data: Record<string, unknown> | undefined) =>
  data?.provider === provider

/** Whether the connection's provider uses the credential `name` (the admin shows only those). */
const usesCredential = (name: string) => (data: Record<string, unknown> | undefined) =>
  (
    providerCredentials[data?.provider as keyof typeof providerCredentials] as
      readonly string[] | undefined
  )?.includes(name) ?? false

/** Whether the provider is read by the engine (not a link-only box office). */
const isRead = (data: Record<string, unknown> | undefined) => data?.provider !== 'elevent'

/**
 * A tenant's box-office connections: which provider, where it is, the credentials it needs
 * (sealed, never answered), and how the sync runs (schedule, window, what it imports).
 */
export const ticketingConnectionsCollection: CollectionConfig = {
  slug: 'ticketing-connections',
  labels: { singular: 'Ticketing connection', plural: 'Ticketing' },
  custom: { tenantOwned: true },
  admin: {
    useAsTitle: 'name',
    group: 'Settings',
    defaultColumns: ['name', 'provider', 'syncEveryMinutes', 'active', 'lastRun'],
    description:
      'Box offices whose events and performances are synced into the CMS, on a schedule and on demand.',
  },
  access: connectionAccess,
  endpoints: [syncEndpoint],
  hooks: {
    beforeChange: namedHooks({
      requireAdministeredTenant,
      limitConnectionsPerTenant,
      oneEleventPerTenant,
      refuseOtherCredentials,
      sealCredentials,
    }),
    afterRead: namedHooks({ answerNoCredentials }),
    beforeDelete: [dropQueuedRuns, dropLinks],
    afterChange: namedHooks({ refreshEleventLinksOnChange }),
    afterDelete: [refreshEleventLinksOnDelete],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      name: 'provider',
      type: 'select',
      required: true,
      defaultValue: 'spektrix',
      options: providers.map(({ label, value }) => ({ label, value })),
      validate: validateProviderFixed,
      admin: { description: 'Chosen once: a connection cannot move to another box office.' },
    },
    {
      name: 'spektrix',
      label: 'Spektrix',
      type: 'group',
      admin: { condition: isProvider('spektrix') },
      fields: [
        {
          name: 'clientName',
          type: 'text',
          validate: validateClientName,
          admin: { description: 'Your Spektrix client name: lowercase letters and digits.' },
        },
        {
          name: 'customDomain',
          type: 'text',
          validate: validateCustomDomain,
          admin: {
            description:
              'Optional: the host your Spektrix pages are served under (tickets.example.org).',
          },
        },
        {
          name: 'baseUrl',
          label: 'Base URL',
          type: 'text',
          validate: validateBaseUrl,
          admin: { description: `Optional: where the API is; ${spektrixBaseUrl} unless set.` },
        },
      ],
    },
    {
      name: 'tessitura',
      label: 'Tessitura',
      type: 'group',
      admin: { condition: isProvider('tessitura') },
      fields: [
        {
          name: 'baseUrl',
          label: 'TessituraService URL',
          type: 'text',
          validate: validateTessituraBaseUrl,
          admin: {
            description:
              'The REST API root, such as https://tickets.example.org/TessituraService/.',
          },
        },
        {
          name: 'tnewAddress',
          label: 'Web sales (TNEW) address',
          type: 'text',
          maxLength: 2000,
          validate: validateLinkSetting({ what: 'The TNEW address' }),
          admin: {
            description:
              'Where your TNEW site sells tickets, such as https://tickets.example.org. Booking links are {address}/{production season}/{performance}.',
          },
        },
      ],
    },
    {
      name: 'lineup',
      label: 'Line-Up',
      type: 'group',
      admin: { condition: isProvider('lineup') },
      fields: [
        {
          name: 'baseUrl',
          label: 'API URL',
          type: 'text',
          validate: validateBaseUrl,
          admin: {
            description: `Optional: where the Line-Up API is; ${lineupBaseUrl} unless set.`,
          },
        },
        {
          name: 'channelId',
          label: 'Channel',
          type: 'text',
          maxLength: 20,
          validate: validateChannelId,
          admin: { description: 'Optional: the sales channel id (digits), sent as x-channel.' },
        },
        {
          name: 'bookingLinkTemplate',
          type: 'text',
          maxLength: 2000,
          validate: validateLinkTemplate({
            what: 'The booking link template',
            placeholders: lineupTemplatePlaceholders,
          }),
          admin: {
            description:
              'Optional: the booking page of a performance, with {eventId} and {performanceId}.',
          },
        },
      ],
    },
    {
      name: 'elevent',
      label: 'Elevent',
      type: 'group',
      admin: { condition: isProvider('elevent') },
      fields: [
        {
          name: 'shopAddress',
          type: 'text',
          maxLength: 2000,
          validate: validateLinkSetting({ what: 'The shop address', requiredFor: 'elevent' }),
          admin: { description: 'Your Elevent shop, such as https://shop.elevent.se/yourvenue.' },
        },
        {
          name: 'linkTemplate',
          type: 'text',
          maxLength: 2000,
          validate: validateLinkTemplate({
            what: 'The link template',
            placeholders: eleventTemplatePlaceholders,
          }),
          admin: {
            description:
              "Optional: a performance's booking link, with {shop}, {eventId}, {eventUrlName} and {showTimeId}.",
          },
        },
      ],
    },
    {
      name: 'credentials',
      type: 'group',
      virtual: true,
      admin: {
        condition: isRead,
        // Payload makes virtual fields read-only in the admin unless told otherwise.
        readOnly: false,
        description:
          "The box office's credentials: Spektrix's for signed (owner-mode) calls; Tessitura needs all four, and Line-Up its API key, before a sync can run. Stored sealed and never shown; type a new value to replace one, or clear the field and save to remove it.",
      },
      fields: allCredentialNames.map((name) => ({
        name,
        label: credentialLabels[name] ?? name,
        type: 'text' as const,
        virtual: true,
        maxLength: 1000,
        admin: { readOnly: false, condition: usesCredential(name) },
      })),
    },
    {
      name: 'credentialsSet',
      type: 'json',
      admin: {
        readOnly: true,
        description: 'Which credentials are stored.',
        components: { Field: '/components/CredentialsSet#CredentialsSet' },
      },
    },
    { name: 'credentialsSealed', type: 'json', hidden: true },
    {
      name: 'syncEveryMinutes',
      type: 'number',
      defaultValue: 0,
      validate: validateSchedule,
      admin: {
        condition: isRead,
        description: 'How often to sync, in minutes (5 at least); 0: by hand only.',
      },
    },
    {
      name: 'daysAhead',
      type: 'number',
      defaultValue: 180,
      validate: validateWholeBetween({ min: 1, max: 730 }),
      admin: { description: 'How far ahead performances are imported, in days.' },
    },
    {
      name: 'importNewEvents',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description: 'On: events of the box office not linked to one here become new events.',
      },
    },
    {
      name: 'syncToPublished',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        description:
          'The setting of imported events. On: synced changes go live at once; off: they wait in a draft (availability and cancellations always go live).',
      },
    },
    {
      name: 'removalLimitPercent',
      type: 'number',
      defaultValue: 50,
      validate: validateWholeBetween({ min: 0, max: 100 }),
      admin: {
        description:
          'A run that would hide more than this share of the future performances stops and asks for a confirmed run.',
      },
    },
    {
      name: 'availabilityEveryMinutes',
      type: 'number',
      defaultValue: 5,
      validate: validateSchedule,
      admin: {
        condition: isRead,
        description:
          'How often to refresh availability and on-sale state alone, in minutes (5 at least); 0: off.',
      },
    },
    {
      name: 'availabilityDaysAhead',
      type: 'number',
      defaultValue: 14,
      validate: validateWholeBetween({ min: 1, max: 90 }),
      admin: {
        condition: isRead,
        description: 'How far ahead availability is refreshed, in days.',
      },
    },
    {
      name: 'sync',
      type: 'ui',
      admin: { components: { Field: '/components/TicketingSync#TicketingSync' } },
    },
    {
      name: 'active',
      type: 'checkbox',
      defaultValue: true,
      admin: { position: 'sidebar', description: 'Off: the schedule does not run.' },
    },
    {
      name: 'lastRun',
      type: 'relationship',
      relationTo: 'ticketing-sync-runs',
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'lastAvailabilityRun',
      type: 'relationship',
      relationTo: 'ticketing-sync-runs',
      admin: { readOnly: true, position: 'sidebar' },
    },
  ],
}
