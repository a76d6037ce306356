import type { Field } from 'payload'

import { holdsNul } from '../lib/nul'
import { eachFieldValue } from './fieldValues'

/**
 * The path of the innermost field whose value holds a NUL character (`layout.2.heading`), so a
 * form can show the refusal beside it; undefined when none does (a NUL in a key, or in data no
 * field declares).
 */
export const nulFieldPath = ({
  fields,
  data,
}: {
  fields: Field[]
  data: unknown
}): string | undefined => {
  let found: string | undefined
  eachFieldValue({
    fields,
    data,
    visit: ({ field, holder, path }) => {
      if (!holdsNul(holder[field.name])) return 'skip'
      found = path
    },
  })
  return found
}
