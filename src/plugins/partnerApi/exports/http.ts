/**
 * The partner API's HTTP entries: the one handler every partner request goes through (the Next
 * route, `server.ts`'s direct path and the tests alike), and the document and its page. They
 * load the app's configuration.
 */
export { handlePartnerRequest } from '../http/handler'
export { serveOpenApi } from '../openapi/serve'
export { serveDocsAsset, serveDocsPage } from '../openapi/docsPage'
