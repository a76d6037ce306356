/**
 * The floor an uncached list is measured against: the statements the partner layer ran for a
 * page (taken from PostgreSQL's own log by `captureStatements`), run through `pg` with nothing
 * else, the page's rows and the count side by side as the app runs them, and the rows written
 * as JSON. `?page=N` sets the offset.
 */
import http from 'node:http'

import pg from 'pg'

import type { CapturedList } from '../hotPath'
import { readInput } from './start'

const main = async (): Promise<void> => {
  const { databaseUri, poolSize, list } = await readInput<{
    databaseUri: string
    poolSize: number
    list: CapturedList
  }>()
  const pool = new pg.Pool({ connectionString: databaseUri, max: poolSize })
  const server = http.createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1)
    const params = [...list.page.params]
    params[list.offsetSlot] = (page - 1) * list.limit
    Promise.all([
      pool.query({ text: list.page.text, values: params, rowMode: 'array' }),
      pool.query({ text: list.count.text, values: list.count.params, rowMode: 'array' }),
    ]).then(
      ([rows, count]) => {
        const body = JSON.stringify({ docs: rows.rows, totalDocs: Number(count.rows[0]?.[0]) })
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        })
        res.end(body)
      },
      (err: unknown) => {
        res.writeHead(500)
        res.end(String(err))
      },
    )
  })
  server.keepAliveTimeout = 65_000
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
  })
  process.once('SIGTERM', () => void pool.end().then(() => process.exit(0)))
}

void main()
