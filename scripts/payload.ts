/**
 * Runs Payload's CLI (generate:types, migrate:create, migrate, ...) against the development
 * database. The generators read the config alone and start no database.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { withDatabase } from './withDatabase'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)

const run = (): number => {
  const bin = path.join(root, 'node_modules', '.bin', 'payload')
  return spawnSync(bin, args, { cwd: root, env: process.env, stdio: 'inherit' }).status ?? 1
}

if (args[0]?.startsWith('generate:')) {
  process.env.PAYLOAD_SECRET ||= 'generators-need-no-secret'
  process.exit(run())
} else {
  await withDatabase(async () => run())
}
