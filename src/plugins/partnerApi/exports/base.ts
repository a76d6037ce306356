/** Where the partner API is served: light enough for `server.ts` before the config loads. */
export { apiVersion, partnerBasePath, partnerOwnPaths } from '../defaults'
