import type { TextField } from 'payload'

/** The human name of a record: the admin title and the slug's source. */
export const titleField = (overrides: Partial<TextField> = {}): TextField =>
  ({
    name: 'title',
    type: 'text',
    required: true,
    maxLength: 300,
    ...overrides,
  }) as TextField
