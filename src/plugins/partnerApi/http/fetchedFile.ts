/** A file a media create carries: uploaded in a multipart body, or fetched from its `src`. */
export type FetchedFile = { data: Buffer; mimetype: string; name: string; size: number }
