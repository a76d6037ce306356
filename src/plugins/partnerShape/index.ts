/**
 * The partner shape of a record and who acted on it, shared by the plugins that speak of records
 * to partners (the partner API, the change log, webhooks, scheduling): none of them owns it, so
 * each imports it from here rather than from another.
 */
export type { PartnerRecord } from './record'
export { changeChannel, tenantChangeSent } from './channel'
export { makerSchema } from './maker'
export { actorOf, makerOf, type Actor, type Maker } from './actor'
