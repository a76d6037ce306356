import type { Parameter } from '../types'

/** A path parameter naming a resource by its UUID, as the plugins' routes name theirs. */
export const uuidPathParameter = ({
  name,
  description,
}: {
  name: string
  description: string
}): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', format: 'uuid' },
})

/** A 200 answer of `schema`, in the words every route of the document uses. */
export const okAnswer = (schema: string) => ({
  status: 200 as const,
  description: 'Successful response',
  schema,
})
