import { schemaRef as ref, type Parameter, type JsonSchema } from '../../partnerApi/exports/routes'
import { makerSchema } from '../../partnerShape'
import { maxLeadDays, scheduleActions } from '../defaults'

type ScheduledSchemas = Record<
  'ScheduledChange' | 'ScheduledChangeCreate' | 'ScheduledChangeList',
  JsonSchema
>

const built = new Map<string, ScheduledSchemas>()

/**
 * The scheduled change, its create body and its list, for the kinds that can be scheduled.
 * One object per list of kinds: the body is validated against the very schema published.
 */
export const scheduledSchemas = (kinds: readonly string[]): ScheduledSchemas => {
  const key = kinds.join(',')
  let schemas = built.get(key)
  if (schemas) return schemas
  const common: Record<string, JsonSchema> = {
    kind: { type: 'string', enum: [...kinds], description: 'The record kind (its path).' },
    record: { type: 'string', format: 'uuid', description: 'The record id.' },
    action: {
      type: 'string',
      enum: [...scheduleActions],
      description:
        '`publish` makes the latest draft the published record; `unpublish` withdraws it.',
    },
    at: {
      type: 'string',
      format: 'date-time',
      description: `When: in the future, at most ${maxLeadDays} days ahead. Runs within about ten seconds of it.`,
    },
  }
  schemas = {
    ScheduledChange: {
      type: 'object',
      description: 'A publish or unpublish waiting for its time.',
      required: ['id', 'kind', 'record', 'action', 'at', 'createdBy', 'createdAt'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        ...common,
        createdBy: makerSchema,
        createdAt: { type: 'string', format: 'date-time' },
      },
    },
    ScheduledChangeCreate: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'record', 'action', 'at'],
      properties: common,
    },
    ScheduledChangeList: {
      type: 'object',
      required: ['docs'],
      properties: { docs: { type: 'array', items: ref('ScheduledChange') } },
    },
  }
  built.set(key, schemas)
  return schemas
}

/** The list's filters. */
export const scheduledParameters = (kinds: readonly string[]): Parameter[] => [
  {
    name: 'kind',
    in: 'query',
    description: 'Only this kind’s changes.',
    schema: { type: 'string', enum: [...kinds] },
  },
  {
    name: 'record',
    in: 'query',
    description: 'Only this record’s changes: its schedule.',
    schema: { type: 'string', format: 'uuid' },
  },
]
