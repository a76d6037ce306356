/** The partner API's document in its three formats, and the route table it is written from. */
export { buildOpenApi31, type OpenApiDocument } from '../openapi/build31'
export { toOpenApi30 } from '../openapi/convert30'
export { toSwagger20 } from '../openapi/convert20'
export { reservedPaths, routesOf } from '../routes/table'
export type { PartnerRoute } from '../types'
