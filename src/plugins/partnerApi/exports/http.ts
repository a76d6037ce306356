/**
 * The partner API's HTTP entries: the one handler every partner request goes through (the Next
 * route, `server.ts`'s direct path and the tests alike), and the document and its page. The
 * route modules pass them the app's configuration. `encodeListCursor` makes the `after` cursor
 * a list answers, for clients that page by hand (the bench). `fetchRemoteFile` fetches a remote
 * file under the outbound rules, as a media `src` is (the box-office sync imports images with it).
 */
export { handlePartnerRequest } from '../http/handler'
export { serveOpenApi } from '../openapi/serve'
export { serveDocsAsset, serveDocsPage } from '../openapi/docsPage'
export { encodeListCursor } from '../reads/listCursor'
export { fetchRemoteFile, type FetchedFile } from '../http/remoteFetch'
