/**
 * Fails when a generated file that is committed no longer matches the code: `payload-types.ts`,
 * the admin's import map, or the migrations (a schema change with no
 * migration: `npm run migrate:create -- <name>`). Leaves the working tree as it found it.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const typesFile = path.join(root, 'src', 'payload-types.ts')
const importMapFile = path.join(root, 'src', 'app', '(payload)', 'admin', 'importMap.js')
const migrationsDir = path.join(root, 'src', 'migrations')

const payload = (args: string[]): void => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/payload.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`payload ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
  }
}

const problems: string[] = []

const generated = [
  { file: typesFile, command: 'generate:types' },
  { file: importMapFile, command: 'generate:importmap' },
]
for (const { file, command } of generated) {
  const committed = fs.readFileSync(file, 'utf8')
  payload([command])
  if (fs.readFileSync(file, 'utf8') !== committed) {
    fs.writeFileSync(file, committed)
    problems.push(
      `${path.relative(root, file)} is stale: run \`npm run ${command}\` and commit it.`,
    )
  }
}

const before = new Set(fs.readdirSync(migrationsDir))
const indexBefore = fs.readFileSync(path.join(migrationsDir, 'index.ts'), 'utf8')
payload(['migrate:create', 'schema-check', '--skip-empty'])
const added = fs.readdirSync(migrationsDir).filter((f) => !before.has(f))
if (added.length > 0) {
  for (const file of added) fs.rmSync(path.join(migrationsDir, file))
  fs.writeFileSync(path.join(migrationsDir, 'index.ts'), indexBefore)
  problems.push(
    'the collections changed the database schema but no migration says so: ' +
      'run `npm run migrate:create -- <name>` and commit it.',
  )
}

if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`)
  process.exit(1)
}
console.log('✓ payload-types.ts, the import map and the migrations match the code')
