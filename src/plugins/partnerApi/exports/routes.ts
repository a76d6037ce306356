/**
 * What a plugin needs to extend the partner API: to contribute routes (`partnerApi({ routes })`),
 * the declaration's types, the problems an operation throws, and the checks it shares with
 * record routes (drafts need a key that may write; a JSON body against its published schema);
 * to retire what a key made when it is revoked (`partnerApi({ keyRetirement })`), its type.
 */
export type { KeyRetirement } from '../types'
export type {
  ApiTag,
  DocumentContext,
  GuestAccess,
  GuestPass,
  Header,
  Method,
  Parameter,
  PartnerRoute,
  Reference,
  RouteCall,
  RouteContext,
  JsonSchema,
  Scope,
} from '../types'
export type { PartnerPrincipal } from '../types'
export { keylessRefused } from '../keys/guest'
export { fail, validationFailed } from '../../../lib/partnerProblem'
export { readVersionOf } from '../reads/version'
export { validateAgainst } from '../operations/validate'
export { schemaRef } from '../routes/recordParts'
export { okAnswer, uuidPathParameter } from '../routes/declarationParts'
export { collectionProperties } from '../openapi/collectionSchema'
export { queryProblems } from '../routes/queryProblems'
export { readQuery, type QueryProblem } from '../routes/queryReader'
