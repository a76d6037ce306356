import type { DateField, Plugin } from 'payload'
import { validations } from 'payload'

import { mapFields } from '../fields/walkFields'
import { isRealInstant } from '../lib/isRealInstant'

const message = 'Not a valid date and time.'

const withRealInstant = (field: DateField): DateField => {
  const own = field.validate ?? (validations.date as NonNullable<DateField['validate']>)
  return {
    ...field,
    validate: (value, args) =>
      value === null || value === undefined || isRealInstant(value) ? own(value, args) : message,
  }
}

/**
 * Every date field of every collection takes only real instants: a value PostgreSQL would
 * refuse is a validation error (400) naming the field, never a database error.
 */
export const realDates = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => ({
    ...collection,
    fields: mapFields({
      fields: collection.fields,
      map: (field) => (field.type === 'date' ? withRealInstant(field) : field),
    }),
  })),
})
