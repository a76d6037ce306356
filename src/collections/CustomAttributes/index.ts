import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import { uniquePerTenant } from '../../fields/slug'
import type { CollectionFacts } from '../facts'

/**
 * A tenant's own extra property for its records ("Age rating", "Running time", "Accessible"):
 * a definition that websites and partners read to know what to show and how. The spec names
 * only the common fields; these are the ones that make an attribute usable.
 */
export const CustomAttributes: CollectionConfig = {
  slug: 'custom-attributes',
  custom: {
    tenantOwned: true,
    partner: {
      path: 'custom-attributes',
      schema: 'CustomAttribute',
      tag: 'Custom attributes',
    },
  } satisfies CollectionFacts,
  labels: { singular: 'Custom attribute', plural: 'Custom attributes' },
  admin: {
    useAsTitle: 'name',
    group: 'Site',
    defaultColumns: ['name', 'key', 'valueType', 'appliesTo'],
  },
  access: contentAccess,
  indexes: [{ fields: ['key', 'tenant'], unique: true }],
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      admin: { description: 'Shown to editors and visitors.' },
    },
    {
      name: 'key',
      type: 'text',
      required: true,
      index: true,
      validate: uniquePerTenant({ collection: 'custom-attributes', field: 'key' }),
      admin: { description: 'Machine name, e.g. "age-rating". Unique within the tenant.' },
    },
    {
      name: 'valueType',
      type: 'select',
      required: true,
      defaultValue: 'text',
      options: ['text', 'number', 'boolean', 'date', 'url', 'select'].map((v) => ({
        label: v,
        value: v,
      })),
    },
    {
      name: 'options',
      type: 'array',
      admin: { condition: (_, sibling) => sibling?.valueType === 'select' },
      fields: [
        { name: 'label', type: 'text', required: true },
        { name: 'value', type: 'text', required: true },
      ],
    },
    {
      name: 'appliesTo',
      type: 'select',
      hasMany: true,
      // Filled by the customAttributeTargets plugin from the collections that declare it.
      options: [],
      admin: { description: 'The record kinds this attribute belongs on.' },
    },
    { name: 'required', type: 'checkbox', defaultValue: false },
    { name: 'description', type: 'textarea' },
  ],
}
