'use client'
import { Pill, useRowLabel } from '@payloadcms/ui'

import { rowTitle } from '../blocks/rowTitle'

/**
 * A layout block's row header: its number, its kind, and what it says (its heading, label,
 * caption or first words) in place of Payload's "Untitled" block name, as the editor types.
 */
export const BlockRowLabel = ({ kind }: { kind: string }) => {
  const { data, rowNumber } = useRowLabel<Record<string, unknown>>()
  const title = rowTitle(data)
  return (
    <span className="block-row-label">
      <span className="blocks-field__block-number">
        {String((rowNumber ?? 0) + 1).padStart(2, '0')}
      </span>
      <Pill className="blocks-field__block-pill" pillStyle="white" size="small">
        {kind}
      </Pill>
      <span className={title ? 'block-row-label__title' : 'block-row-label__title--empty'}>
        {title || 'Nothing written yet'}
      </span>
    </span>
  )
}
