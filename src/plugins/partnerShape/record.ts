/** A record in the partner shape: ids for references, every declared field present. */
export type PartnerRecord = Record<string, unknown>
