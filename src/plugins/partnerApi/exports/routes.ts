/**
 * What a plugin needs to contribute routes to the partner API (`partnerApi({ routes })`): the
 * declaration's types, the problems an operation throws, and the checks it shares with record
 * routes (drafts need a key that may write; a JSON body against its published schema).
 */
export type {
  ApiTag,
  DocumentContext,
  Header,
  Method,
  Parameter,
  PartnerRoute,
  Reference,
  RouteCall,
  RouteContext,
  SchemaObject,
  Scope,
} from '../routes/types'
export type { PartnerPrincipal } from '../keys/principal'
export { fail, validationFailed } from '../http/problems'
export { readVersionOf } from '../operations/version'
export { validateAgainst } from '../operations/validate'
export { schemaRef } from '../openapi/recordParts'
export { queryProblems } from '../routes/queryProblems'
