import type { OpenAPIV3_1 } from 'openapi-types'

import { maxLeadDays, scheduleActions } from '../../scheduling/defaults'
import type { JsonSchema } from '../kinds/fieldSchema'
import { makerSchema } from './maker'

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

export const schedulingTag = {
  name: 'Scheduling',
  description:
    "Publishes and unpublishes of drafted records at a time to come (events and pages). A record's changes to come are listed here with `record=<id>`; when one is due it happens once, as if published then, and appears in the change feed and webhooks like any publish.",
}

const built = new Map<string, Record<string, JsonSchema>>()

/**
 * The scheduled change, its create body and its list, for the kinds that can be scheduled.
 * One object per list of kinds: the body is validated against the very schema published.
 */
export const scheduledSchemas = (kinds: readonly string[]): Record<string, JsonSchema> => {
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
export const scheduledParameters = (kinds: readonly string[]): OpenAPIV3_1.ParameterObject[] => [
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
