import { spawnSync } from 'node:child_process'

import { projectRoot, testDistDir } from '../helpers/app'

/**
 * The tests that talk HTTP run the production build, the way `npm run build && npm start`
 * serves it. It is built once per `vitest run`, however many projects ask for it; set
 * TEST_SKIP_BUILD=1 to reuse the last one while iterating on tests alone.
 */
export default function setup(): void {
  if (process.env.CMS_TEST_BUILT === '1' || process.env.TEST_SKIP_BUILD === '1') return
  const started = Date.now()
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: testDistDir },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`)
  }
  process.env.CMS_TEST_BUILT = '1'
  console.log(`[tests] production build ready in ${Math.round((Date.now() - started) / 1000)} s`)
}
