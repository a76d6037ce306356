/**
 * The record kinds the collections declare (`custom.partner`) and the facts collections
 * declare in `custom`: light, for collections and plugins that configure themselves by them.
 */
export { collectionsDeclaring, declaredKinds, type KindSpec } from '../kinds/declared'
export type { BlockResolver } from '../kinds/blockResolver'
