// s3rver ships no types; what the tests' S3 server uses of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  import type { Server } from 'node:http'

  type Options = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: Options)
    httpServer?: Server
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
