import type { Kind } from '../kinds/model'
import type { PartnerRecord } from '../operations/types'
import type { ExpandContext } from './context'
import { expandRecords } from './expand'
import type { ExpandTree } from './paths'
import { selectFields, selectedTree } from './select'

/** What a read asks of its answer's shape: references to expand, fields to answer. */
export type ReadShape = { tree: ExpandTree; select: string[] | undefined }

/**
 * A read's records as asked: expanded, then only the selected fields. Reads only; webhook
 * messages and the change feed present records without this.
 */
export const shapeRecords = async ({
  context,
  kind,
  records,
  shape,
}: {
  context: ExpandContext
  kind: Kind
  records: PartnerRecord[]
  shape: ReadShape
}): Promise<PartnerRecord[]> => {
  const { select } = shape
  await expandRecords({ context, kind, records, tree: selectedTree({ tree: shape.tree, select }) })
  return select ? records.map((record) => selectFields({ record, select })) : records
}
