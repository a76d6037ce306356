import type { Maker } from '../../partnerShape'
import { relationId, type RelationValue } from '../../../lib/relationId'

/** `createdBy` as stored: a user or an API key. */
export type MakerRelation = { relationTo: 'users' | 'api-keys'; value: RelationValue }

export const makerRelation = (maker: Maker): MakerRelation => ({
  relationTo: maker.type === 'key' ? 'api-keys' : 'users',
  value: maker.id,
})

/** The maker a stored `createdBy` names; nobody once that user or key is deleted. */
export const makerOfRelation = (relation: MakerRelation | null | undefined): Maker | null => {
  const id = relationId(relation?.value)
  if (!relation || !id) return null
  return { type: relation.relationTo === 'api-keys' ? 'key' : 'user', id }
}
