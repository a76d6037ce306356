import type { DefaultServerCellComponentProps } from 'payload'

/** A checkbox in a list as words an editor reads at a glance, not a raw `true`/`false`. */
export const YesNoCell = ({ cellData }: DefaultServerCellComponentProps) => (
  <span className={cellData ? 'yes-no yes-no--yes' : 'yes-no yes-no--no'}>
    {cellData ? 'Yes' : 'No'}
  </span>
)
