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

const patchesDir = (root: string) => path.join(root, 'patches')

/** The files under node_modules a folder of patch-package patches changes. */
const patchedFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.patch'))
        .flatMap((name) =>
          [...fs.readFileSync(path.join(dir, name), 'utf8').matchAll(/^\+\+\+ b\/(\S+)$/gm)].map(
            (m) => m[1]!,
          ),
        )
    : []

/**
 * The baseline's packages as its own install would leave them: the hard-linked tree carries
 * the current checkout's patches (`patches/`), so each patched file gets an inode of its own,
 * the current patches are taken back out and the baseline's own, if any, put in. Otherwise a
 * baseline from before a patch would be measured with it.
 */
const installPatchesOf = (root: string): void => {
  const files = new Set([
    ...patchedFiles(patchesDir(projectRoot)),
    ...patchedFiles(patchesDir(root)),
  ])
  for (const file of files) {
    const at = path.join(root, file)
    if (!fs.existsSync(at)) continue
    const content = fs.readFileSync(at)
    fs.rmSync(at)
    fs.writeFileSync(at, content)
  }
  const patchPackage = (args: string[]) => {
    const run = spawnSync('npx', ['--no-install', 'patch-package', '--error-on-fail', ...args], {
      cwd: root,
      encoding: 'utf8',
    })
    if (run.status !== 0)
      throw new Error(`patch-package ${args.join(' ')}: ${run.stderr || run.stdout}`)
  }
  if (fs.existsSync(patchesDir(projectRoot)))
    patchPackage(['--reverse', '--patch-dir', path.relative(root, patchesDir(projectRoot))])
  if (fs.existsSync(patchesDir(root))) patchPackage([])
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
    installPatchesOf(root)
  } catch (err) {
    remove()
    throw err
  }
  return { ref, commit, root, remove }
}
