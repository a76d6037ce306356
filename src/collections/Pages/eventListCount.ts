import type { BlocksFieldValidation } from 'payload'
import { validations } from 'payload'

import { eventListsPerPage } from '../../blocks/eventList/shownEvents'

/**
 * A page's layout holds at most `eventListsPerPage` event lists: each upcoming list is a
 * question asked whenever the page is read, and one page's questions are always all answered.
 */
export const eventListCount: BlocksFieldValidation = (value, args) => {
  const lists = Array.isArray(value)
    ? value.filter((block) => (block as { blockType?: unknown }).blockType === 'eventList').length
    : 0
  if (lists > eventListsPerPage)
    return `A page may hold at most ${eventListsPerPage} event lists (this one has ${lists}).`
  return validations.blocks(value, args)
}
