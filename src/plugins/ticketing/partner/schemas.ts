import {
  collectionProperties,
  schemaRef as ref,
  type DocumentContext,
  type JsonSchema,
  type Parameter,
} from '../../partnerApi/exports/routes'
import { makerSchema } from '../../partnerShape'
import { allCredentialNames } from '../credentials/sealed'
import { lineupBaseUrl, runKinds, runStatuses, spektrixBaseUrl } from '../defaults'
import { syncRequestSchema } from '../operations/syncRequest'
import { noCounts } from '../types'
import { runPage } from './runsQuery'
import { writableFields } from './writable'

const uuid: JsonSchema = { type: 'string', format: 'uuid' }
const nullableUuid: JsonSchema = { type: ['string', 'null'], format: 'uuid' }

/** What the document says of a connection's fields beyond the fields themselves. */
const words: Record<string, JsonSchema> = {
  name: { description: 'What the admin calls the connection.' },
  provider: {
    description:
      'The box office: `spektrix`, `tessitura`, `lineup` or `elevent`. Required on create; it cannot change afterwards. Only the group named after it is used (the others answer their nulls).',
  },
  spektrix: {
    description: `Spektrix's settings: \`clientName\` (required for Spektrix: lowercase letters and digits), an optional \`customDomain\` (the host booking pages are served under) and \`baseUrl\` (default \`${spektrixBaseUrl}\`). Private and loopback targets are refused unless the installation allows them.`,
  },
  tessitura: {
    description:
      "Tessitura's settings: `baseUrl` (required for Tessitura: the TessituraService REST root, same rules as Spektrix's) and an optional `tnewAddress` (the https address of the TNEW web sales site booking links are built from; never called). A run needs the four credentials `userName`, `userGroup`, `machineLocation` and `password`.",
  },
  lineup: {
    description: `Line-Up's settings: an optional \`baseUrl\` (default \`${lineupBaseUrl}\`), an optional \`channelId\` (digits: the sales channel) and an optional \`bookingLinkTemplate\`: an https URL once \`{eventId}\` and \`{performanceId}\` are filled (no other placeholders). A run needs the credential \`apiKey\`.`,
  },
  elevent: {
    description:
      "Elevent's settings: `shopAddress` (required for Elevent, https) and an optional `linkTemplate`, an https URL once `{shop}`, `{eventId}`, `{eventUrlName}` and `{showTimeId}` are filled (no other placeholders). Elevent has no API to read: its performances are entered by hand and their booking links are built from these; it takes no credentials and cannot be synced. One Elevent connection per tenant.",
  },
  availabilityEveryMinutes: {
    description:
      'How often availability and on-sale state alone are refreshed, in minutes (5 at least); 0: off. Not for Elevent.',
  },
  availabilityDaysAhead: {
    description: 'How far ahead availability is refreshed, in days (1–90).',
  },
  syncEveryMinutes: {
    description: 'How often the sync runs, in minutes (5 at least); 0: only on request.',
  },
  daysAhead: { description: 'How far ahead performances are imported, in days (1–730).' },
  importNewEvents: {
    description: 'true: provider events not linked to an event here become new events.',
  },
  syncToPublished: {
    description:
      'The `syncToPublished` of the events this connection imports. true: synced changes go live at once; false: they land in a draft (availability, on-sale and cancelled state always go live).',
  },
  removalLimitPercent: {
    description:
      'A run that would hide more than this share (percent) of the future performances stops before writing and needs `confirmRemovals`.',
  },
  active: { description: 'false: the schedule does not run (a run may still be requested).' },
}

const credentials: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    "The provider's credentials (Spektrix: `apiUser` and `apiKey`, for owner-mode signed calls; Tessitura: `userName`, `userGroup`, `machineLocation` and `password`; Line-Up: `apiKey`; Elevent: none). A credential the provider does not use is refused (400 naming it). Write-only: stored sealed and never answered (`credentialsSet` says which are set). A credential left out is kept; an empty string clears it.",
  properties: Object.fromEntries(
    allCredentialNames.map((name) => [name, { type: 'string', maxLength: 1000 }]),
  ),
}

const credentialsSet: JsonSchema = {
  type: 'object',
  description: "Whether each of the provider's credentials is stored.",
  additionalProperties: { type: 'boolean' },
}

const recordError: JsonSchema = {
  type: 'object',
  required: ['kind', 'externalId', 'message'],
  properties: {
    kind: { type: 'string', enum: ['events', 'event-instances'] },
    externalId: { type: 'string', description: "The provider's id of the record." },
    recordId: { type: 'string', description: 'The CMS record, when there is one.' },
    message: { type: 'string' },
  },
}

const planEntry: JsonSchema = {
  type: 'object',
  required: ['action', 'kind', 'externalId', 'changes'],
  properties: {
    action: { type: 'string', enum: ['create', 'update', 'cancel', 'remove'] },
    kind: { type: 'string', enum: ['events', 'event-instances'] },
    externalId: { type: 'string' },
    recordId: { type: 'string' },
    title: { type: 'string' },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'from', 'to'],
        properties: { field: { type: 'string' }, from: {}, to: {} },
      },
    },
  },
}

const counts: JsonSchema = {
  type: 'object',
  required: Object.keys(noCounts()),
  properties: Object.fromEntries(
    Object.keys(noCounts()).map((name) => [name, { type: 'integer' }]),
  ),
}

const connectionNames = [
  'id',
  'name',
  'provider',
  'spektrix',
  'tessitura',
  'lineup',
  'elevent',
  'credentialsSet',
  'syncEveryMinutes',
  'daysAhead',
  'importNewEvents',
  'syncToPublished',
  'removalLimitPercent',
  'availabilityEveryMinutes',
  'availabilityDaysAhead',
  'active',
  'lastRun',
  'lastAvailabilityRun',
  'createdAt',
  'updatedAt',
]

const runNames = [
  'id',
  'connection',
  'provider',
  'kind',
  'status',
  'dryRun',
  'confirmRemovals',
  'trigger',
  'requestedBy',
  'queuedAt',
  'startedAt',
  'finishedAt',
  'heartbeatAt',
  'attempts',
  'counts',
  'errors',
  'plan',
  'message',
  'needsConfirmation',
  'createdAt',
]

const always = [
  'name',
  'provider',
  'syncEveryMinutes',
  'daysAhead',
  'importNewEvents',
  'syncToPublished',
  'removalLimitPercent',
  'availabilityEveryMinutes',
  'availabilityDaysAhead',
  'active',
  'createdAt',
  'updatedAt',
]

/** The connection and run schemas, from the collections' fields. */
export const ticketingSchemas = ({ config }: DocumentContext): Record<string, JsonSchema> => {
  const fields = collectionProperties({
    config,
    slug: 'ticketing-connections',
    names: writableFields,
    alwaysSet: always,
    declared: { credentials },
    refine: words,
  })
  // A body names the settings it sets: none of a group's own is required in it.
  const settingsGroup = (name: string): JsonSchema => {
    const { required: _all, ...group } = fields[name] as JsonSchema & { required?: string[] }
    return { ...group, additionalProperties: false }
  }
  const writable = {
    ...fields,
    ...Object.fromEntries(
      ['spektrix', 'tessitura', 'lineup', 'elevent'].map((name) => [name, settingsGroup(name)]),
    ),
  }
  const run: JsonSchema = {
    type: 'object',
    required: runNames,
    properties: collectionProperties({
      config,
      slug: 'ticketing-sync-runs',
      names: runNames,
      alwaysSet: [
        'provider',
        'kind',
        'status',
        'dryRun',
        'confirmRemovals',
        'trigger',
        'queuedAt',
        'needsConfirmation',
        'createdAt',
      ],
      declared: {
        id: uuid,
        connection: { ...nullableUuid, description: 'null once the connection is deleted.' },
        requestedBy: {
          ...makerSchema,
          description: 'A user or a key; null for a scheduled run.',
        },
        attempts: { type: 'integer', description: 'How many times the run was started.' },
        counts,
        errors: {
          type: 'array',
          items: recordError,
          description:
            'Records that failed, each alone: the first 1,000 (`counts.failed` counts them all, and `message` says how many are not listed).',
        },
        plan: {
          type: 'array',
          items: planEntry,
          description:
            "A preview's plan: what the run would do; a real run's steps as done (the first 2,000). Lists of runs leave it out.",
        },
      },
      refine: {
        status: { enum: [...runStatuses] },
        kind: {
          enum: [...runKinds],
          description:
            '`sync`: a full sync. `availability`: a refresh of availability and on-sale state alone.',
        },
        message: { description: 'Why the run failed or stopped, in words for an editor.' },
        needsConfirmation: {
          description:
            'The run stopped before writing: it would hide more than the removal limit. Ask again with `confirmRemovals`.',
        },
      },
    }),
  }
  return {
    TicketingConnection: {
      type: 'object',
      required: connectionNames,
      properties: collectionProperties({
        config,
        slug: 'ticketing-connections',
        names: connectionNames,
        alwaysSet: always,
        declared: {
          id: uuid,
          credentialsSet,
          lastRun: { ...nullableUuid, description: 'The latest finished full sync.' },
          lastAvailabilityRun: {
            ...nullableUuid,
            description: 'The latest finished availability refresh.',
          },
        },
        refine: words,
      }),
    },
    TicketingConnectionCreate: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'provider'],
      properties: writable,
    },
    TicketingConnectionUpdate: {
      type: 'object',
      additionalProperties: false,
      properties: writable,
    },
    TicketingConnectionList: {
      type: 'object',
      required: ['docs'],
      properties: { docs: { type: 'array', items: ref('TicketingConnection') } },
    },
    TicketingSyncRequest: syncRequestSchema,
    TicketingSyncRun: run,
    TicketingSyncRunSummary: {
      ...run,
      description: 'A run as a list has it: all but its `plan`.',
      required: runNames.filter((name) => name !== 'plan'),
      properties: Object.fromEntries(
        Object.entries(run.properties ?? {}).filter(([name]) => name !== 'plan'),
      ),
    },
    TicketingSyncRunList: {
      type: 'object',
      required: ['docs', 'page', 'limit', 'totalDocs', 'hasNextPage'],
      properties: {
        docs: { type: 'array', items: ref('TicketingSyncRunSummary') },
        page: { type: 'integer' },
        limit: { type: 'integer' },
        totalDocs: { type: 'integer' },
        hasNextPage: { type: 'boolean' },
      },
    },
  }
}

/** `?limit=&page=&connection=&status=&kind=` of the run list. */
export const runParameters: Parameter[] = [
  {
    name: 'connection',
    in: 'query',
    description: "Only this connection's runs.",
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: 'status',
    in: 'query',
    description: 'Only runs in this status.',
    schema: { type: 'string', enum: [...runStatuses] },
  },
  {
    name: 'kind',
    in: 'query',
    description: 'Only runs of this kind: `sync` (full syncs) or `availability` (refreshes).',
    schema: { type: 'string', enum: [...runKinds] },
  },
  {
    name: 'limit',
    in: 'query',
    description: `Runs per answer (1–${runPage.maxLimit}, default ${runPage.limit}).`,
    schema: { type: 'integer', minimum: 1, maximum: runPage.maxLimit, default: runPage.limit },
  },
  {
    name: 'page',
    in: 'query',
    description: 'Page number, from 1.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
]
