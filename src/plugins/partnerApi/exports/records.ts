/**
 * The record kinds' model and a record in the partner shape: for the plugins that send or
 * schedule records of those kinds as partners read them.
 */
export { partnerKinds, type Kind } from '../kinds/model'
export { presentRecord } from '../records/present'
