import type { JsonSchema } from '../../partnerApi/exports/routes'
import { validateAgainst } from '../../partnerApi/exports/routes'
import type { PreviewOptions } from '../defaults'

/** The body that makes a link: its life in hours, within the installation's bounds. */
export const lifetimeSchema = ({ maxHours }: Pick<PreviewOptions, 'maxHours'>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    expiresInHours: {
      type: 'integer',
      minimum: 1,
      maximum: maxHours,
      description: `How long the link works, in hours: 1 to ${maxHours}. Left out: the default.`,
    },
  },
})

const schemas = new Map<number, JsonSchema>()

/**
 * The hours a new link lives, from the maker's body (`{}` for the default): 400 outside the
 * bounds or for anything else in the body. The admin's endpoint and the partner route share it.
 */
export const readLifetime = ({
  body,
  options,
}: {
  body: unknown
  options: Pick<PreviewOptions, 'defaultHours' | 'maxHours'>
}): number => {
  let schema = schemas.get(options.maxHours)
  if (!schema) {
    schema = lifetimeSchema(options)
    schemas.set(options.maxHours, schema)
  }
  const { expiresInHours } = validateAgainst<{ expiresInHours?: number }>({ schema, body })
  return expiresInHours ?? Math.min(options.defaultHours, options.maxHours)
}
