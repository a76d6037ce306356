/**
 * `npm run generate:openapi [dir]`: writes the partner API document in its three formats
 * (openapi-3.1.json, openapi-3.0.json, swagger-2.0.json) for publishing, default `openapi/`.
 * Built from the configuration alone, exactly as the server builds the one it serves.
 */
import fs from 'node:fs'
import path from 'node:path'
import config from '@payload-config'

import { buildOpenApi31, toOpenApi30, toSwagger20 } from '../src/plugins/partnerApi/exports/openapi'
import { readSettings } from '../src/lib/settings'

const outDir = path.resolve(process.argv[2] ?? 'openapi')
const doc31 = buildOpenApi31({
  config: await config,
  serverUrl: readSettings().serverUrl,
})
fs.mkdirSync(outDir, { recursive: true })
for (const [file, doc] of [
  ['openapi-3.1.json', doc31],
  ['openapi-3.0.json', toOpenApi30(doc31)],
  ['swagger-2.0.json', toSwagger20(doc31)],
] as const) {
  fs.writeFileSync(path.join(outDir, file), `${JSON.stringify(doc, null, 2)}\n`)
  console.log(`wrote ${path.join(outDir, file)}`)
}
process.exit(0)
