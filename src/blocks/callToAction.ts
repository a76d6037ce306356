import type { Block } from 'payload'

import { linkField } from '../fields/link'

/** A button: what it says and where it leads. */
export const CallToActionBlock: Block = {
  slug: 'callToAction',
  interfaceName: 'CallToActionBlock',
  labels: { singular: 'Call to action', plural: 'Calls to action' },
  fields: [
    { name: 'label', type: 'text', required: true, maxLength: 120 },
    linkField({ name: 'link', required: true }),
  ],
}
