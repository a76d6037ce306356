import type { Block, TextFieldSingleValidation } from 'payload'

/** Where a button may lead: the web, mail, a phone, or a path of the site. */
const safeLink: TextFieldSingleValidation = (value) =>
  !value || /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(value)
    ? true
    : 'A link starts with https://, http://, mailto:, tel: or a single "/".'

/** A button: what it says and where it leads. */
export const CallToActionBlock: Block = {
  slug: 'callToAction',
  interfaceName: 'CallToActionBlock',
  labels: { singular: 'Call to action', plural: 'Calls to action' },
  fields: [
    { name: 'label', type: 'text', required: true, maxLength: 120 },
    { name: 'link', type: 'text', required: true, maxLength: 2_000, validate: safeLink },
  ],
}
