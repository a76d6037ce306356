import type { DateField, Field, Plugin } from 'payload'
import { validations } from 'payload'

import { isRealInstant } from '../utilities/isRealInstant'

const message = 'Not a valid date and time.'

const withRealInstant = (field: DateField): DateField => {
  const own = field.validate ?? (validations.date as NonNullable<DateField['validate']>)
  return {
    ...field,
    validate: (value, args) =>
      value === null || value === undefined || isRealInstant(value) ? own(value, args) : message,
  }
}

const walk = (fields: Field[]): Field[] =>
  fields.map((field) => {
    if (field.type === 'date') return withRealInstant(field)
    if (field.type === 'tabs')
      return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: walk(tab.fields) })) }
    if ('fields' in field && Array.isArray(field.fields))
      return { ...field, fields: walk(field.fields) } as Field
    if (field.type === 'blocks')
      return { ...field, blocks: field.blocks.map((b) => ({ ...b, fields: walk(b.fields) })) }
    return field
  })

/**
 * Every date field of every collection takes only real instants: a value PostgreSQL would
 * refuse is a validation error (400) naming the field, never a database error.
 */
export const realDates = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => ({
    ...collection,
    fields: walk(collection.fields),
  })),
})
