/**
 * The floor a cache hit is measured against: a plain node:http server answering every request
 * with the same bytes and headers as the app's cached answer, no work in between.
 */
import http from 'node:http'

import { readInput } from './start'

const main = async (): Promise<void> => {
  const { body, headers } = await readInput<{ body: string; headers: Record<string, string> }>()
  const bytes = Buffer.from(body)
  const sent = { ...headers, 'content-length': String(bytes.length) }
  const server = http.createServer((_req, res) => {
    res.writeHead(200, sent)
    res.end(bytes)
  })
  server.keepAliveTimeout = 65_000
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
  })
  process.once('SIGTERM', () => process.exit(0))
}

void main()
