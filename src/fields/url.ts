import type { TextField } from 'payload'

/** The record's public path, derived on every save (see `hooks/deriveUrl.ts`); never typed in. */
export const urlField = (overrides: Partial<TextField> = {}): TextField =>
  ({
    name: 'url',
    type: 'text',
    admin: { position: 'sidebar', readOnly: true, description: 'Derived from the slug.' },
    ...overrides,
  }) as TextField
