import { spawnSync } from 'node:child_process'

import { testDistDir } from '../tests/helpers/app'

/**
 * The production build `startApp` serves, made in `root`'s own `testDistDir`: the current
 * checkout and the baseline's are built the same way. Returns the seconds it took.
 */
export const buildApp = ({ root }: { root: string }): number => {
  const startedAt = Date.now()
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: testDistDir },
    encoding: 'utf8',
  })
  if (build.status !== 0)
    throw new Error(`next build in ${root} failed:\n${build.stderr || build.stdout}`)
  return Math.round((Date.now() - startedAt) / 1000)
}
