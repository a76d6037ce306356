import { schemaRef as ref, type Parameter, type JsonSchema } from '../../partnerApi/exports/routes'
import { changeEvents } from '../log/events'
import { feedDefaults } from '../defaults'

/** The change feed's entry and page, as `listChanges` answers them. */
export const changeSchemas = (kinds: readonly string[]): Record<string, JsonSchema> => ({
  Change: {
    type: 'object',
    description: 'One change of one record.',
    required: ['cursor', 'event', 'draft', 'kind', 'id', 'tenant', 'at', 'actor', 'fields'],
    properties: {
      cursor: {
        type: 'string',
        description: 'The feed position of this entry: pass it as `after` to read what follows.',
      },
      event: {
        type: 'string',
        enum: [...changeEvents],
        description:
          'Of events and pages (kinds with drafts), about the published version websites read: `published` it went live (or a pending draft of it was published), `unpublished` it was withdrawn, `updated` it changed, `drafted` a draft was saved over it and it stays as it was. `created` and `deleted` also for records never published, with `draft` true.',
      },
      draft: {
        type: 'boolean',
        description:
          'The change touched drafts only (a draft saved, or a record never published created, changed or deleted): listed only with `drafts=true`.',
      },
      kind: { type: 'string', enum: [...kinds], description: 'The record kind (its path).' },
      id: { type: 'string', description: 'The record id.' },
      tenant: { type: 'string', description: 'The tenant slug.' },
      at: { type: 'string', format: 'date-time' },
      actor: {
        type: 'object',
        required: ['type', 'id'],
        description: 'Who made the change: a user of the admin, an API key, or the system.',
        properties: {
          type: { type: 'string', enum: ['user', 'key', 'system'] },
          id: { type: ['string', 'null'] },
        },
      },
      fields: {
        type: 'array',
        items: { type: 'string' },
        description: 'The top-level fields the change set or changed; none for a delete.',
      },
    },
  },
  ChangeList: {
    type: 'object',
    required: ['changes', 'next', 'hasMore'],
    properties: {
      changes: { type: 'array', items: ref('Change') },
      next: {
        type: 'string',
        description: 'Pass as `after` on the next call; it moves past every entry read.',
      },
      hasMore: { type: 'boolean', description: 'Whether more entries follow right away.' },
    },
  },
})

const queryParameter = ({
  name,
  description,
  schema,
}: {
  name: string
  description: string
  schema: Parameter['schema']
}): Parameter => ({ name, in: 'query', description, schema })

/** The feed operation's parameters after the tenant. */
export const changeParameters = (kinds: readonly string[]): Parameter[] => [
  queryParameter({
    name: 'after',
    description:
      "A cursor from an earlier answer of this tenant's feed (`next`, or an entry's `cursor`): opaque, and a 400 in any other feed. Absent: from the oldest entry kept.",
    schema: { type: 'string' },
  }),
  queryParameter({
    name: 'limit',
    description: `Entries per answer (1–${feedDefaults.maxLimit}, default ${feedDefaults.limit}).`,
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: feedDefaults.maxLimit,
      default: feedDefaults.limit,
    },
  }),
  queryParameter({
    name: 'kind',
    description: `Only these kinds, comma-separated: ${kinds.join(', ')}.`,
    schema: { type: 'string' },
  }),
  queryParameter({
    name: 'event',
    description: `Only these events, comma-separated: ${changeEvents.join(', ')}.`,
    schema: { type: 'string' },
  }),
  queryParameter({
    name: 'drafts',
    description:
      'true: also the changes that touched drafts only (`draft: true`), for a key that may write; a read key asking is a 403. Default false: what websites see.',
    schema: { type: 'boolean', default: false },
  }),
]
