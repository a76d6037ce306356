import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { projectRoot } from '../tests/helpers/app'

export type Baseline = {
  ref: string
  /** The commit `ref` named when it was checked out. */
  commit: string
  /** The checkout's root: `startApp({ root })` serves its build. */
  root: string
  /** Removes the worktree and its directory; safe to call twice. */
  remove: () => void
}

const git = (args: string[], cwd = projectRoot): string => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr || run.stdout}`)
  return run.stdout.trim()
}

/**
 * `ref` checked out as a detached worktree in a temporary directory, with the project's
 * installed packages as a hard-linked copy (fast, and Next resolves real paths inside its
 * root, which a symlink to another tree is not). The worktree is removed by `remove`, and
 * also when this process is interrupted, so an aborted bench leaves no checkout registered.
 */
export const checkoutBaseline = ({ ref }: { ref: string }): Baseline => {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`])
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-baseline-'))
  const root = path.join(parent, 'tree')
  let removed = false
  const remove = (): void => {
    if (removed) return
    removed = true
    process.removeListener('SIGINT', interrupted)
    process.removeListener('SIGTERM', interrupted)
    spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: projectRoot })
    fs.rmSync(parent, { recursive: true, force: true })
  }
  const interrupted = (signal: NodeJS.Signals): void => {
    remove()
    process.kill(process.pid, signal)
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    git(['worktree', 'add', '--detach', root, commit])
    const copy = spawnSync('cp', ['-al', path.join(projectRoot, 'node_modules'), root])
    if (copy.status !== 0) throw new Error(`cp -al node_modules: ${copy.stderr.toString()}`)
  } catch (err) {
    remove()
    throw err
  }
  return { ref, commit, root, remove }
}
