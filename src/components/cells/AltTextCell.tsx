import type { DefaultServerCellComponentProps } from 'payload'

import { lacksAltText, missingAltWarning } from '../../collections/Media/altText'

/** Media's alt text in the list, or a warning on an image that has none. */
export const AltTextCell = ({ cellData, rowData }: DefaultServerCellComponentProps) =>
  lacksAltText({ alt: cellData, mimeType: rowData?.mimeType }) ? (
    <span className="alt-text-missing" title={missingAltWarning}>
      ⚠ Missing
    </span>
  ) : (
    <span>{typeof cellData === 'string' ? cellData : ''}</span>
  )
