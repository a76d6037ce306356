/**
 * Fails when the source's imports break the layout ARCHITECTURE.md describes, counting type-only
 * imports too (ESLint's `import-x/no-cycle` sees only value imports, and a cycle of types still
 * ties two modules together):
 *
 * - a cycle between files;
 * - a cycle between folders (a folder of `src/`, each plugin and each collection counted as one),
 *   or between the folders and root modules inside a sealed plugin;
 * - an import into a sealed plugin (`partnerApi`, `webhooks`, `changeLog`, `scheduling`) from
 *   outside it (`src/`, `server.ts`, the bench, the scripts; not the tests, which may reach inside
 *   what they test) that does not go through its public module (`index.ts`, `exports.ts` or
 *   `exports/`).
 *
 * `npm run lint` runs it; it reads the files as they are, so it needs no build.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { parseDependencyTree } from 'dpdm'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Plugins whose inside is theirs alone: others import their public module only. */
const sealed = [
  'partnerApi',
  'webhooks',
  'changeLog',
  'scheduling',
  'ticketing',
  'eventFeeds',
  'previews',
]
/** A plugin's public modules: its entry, and `exports.ts` or the files of an `exports/` folder. */
const isPublic = (inside: string): boolean =>
  inside === 'index.ts' || inside === 'exports.ts' || /^exports\/[^/]+\.tsx?$/.test(inside)

/** Generated leaves every layer may read: they import nothing of ours. */
const leaves = new Set(['src/payload-types.ts'])

/** The folder a file counts in: a plugin or a collection is one, any other folder of src too. */
export const folderOf = (file: string): string => {
  const parts = file.split('/')
  if (parts[0] !== 'src') return parts[0] ?? file
  const [, top = '', name = ''] = parts
  if ((top === 'plugins' || top === 'collections') && parts.length > 2)
    return `src/${top}/${name.replace(/\.tsx?$/, '')}`
  return `src/${top}`.replace(/\.tsx?$/, '')
}

/**
 * Inside a sealed plugin, the part a file counts in: each of its folders, and each module at
 * its root; the entry and the public modules stand above the rest and are left out.
 */
export const partOf = (file: string): string | undefined => {
  const parts = file.split('/')
  const [src, plugins, name, inner] = parts
  if (src !== 'src' || plugins !== 'plugins' || !name || !sealed.includes(name) || !inner)
    return undefined
  if (isPublic(parts.slice(3).join('/'))) return undefined
  return parts.slice(0, 4).join('/')
}

/** The sealed plugin a file belongs to, if any. */
const sealedPluginOf = (file: string): string | undefined => {
  const [src, plugins, name] = file.split('/')
  return src === 'src' && plugins === 'plugins' && name && sealed.includes(name) ? name : undefined
}

/** Strongly connected components of more than one node (Tarjan's algorithm). */
export const cyclesOf = (edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] => {
  let next = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    order.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node) ?? []) {
      if (!order.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, order.get(to) ?? 0))
    }
    if (low.get(node) !== order.get(node)) return
    const component: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      component.push(member)
      if (member === node) break
    }
    if (component.length > 1) found.push(component.sort())
  }
  for (const node of edges.keys()) if (!order.has(node)) visit(node)
  return found
}

const addEdge = (edges: Map<string, Set<string>>, from: string, to: string): void => {
  const targets = edges.get(from) ?? new Set<string>()
  targets.add(to)
  edges.set(from, targets)
}

const main = async (): Promise<void> => {
  const tree = await parseDependencyTree(
    [
      'src/**/*.ts',
      'src/**/*.tsx',
      'server.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    {
      context: root,
      tsconfig: path.join(root, 'tsconfig.json'),
      transform: false,
      skipDynamicImports: true,
    },
  )
  const files = new Map<string, Set<string>>()
  const folders = new Map<string, Set<string>>()
  const parts = new Map<string, Set<string>>()
  /** One import that makes each folder edge, to show where a folder cycle comes from. */
  const witness = new Map<string, string>()
  const problems: string[] = []
  for (const [file, dependencies] of Object.entries(tree)) {
    for (const dependency of dependencies ?? []) {
      const target = dependency.id
      if (!target || target.includes('node_modules') || leaves.has(target)) continue
      addEdge(files, file, target)
      const [from, to] = [folderOf(file), folderOf(target)]
      // Nothing imports a spec, so its imports tie no folder to another.
      if (from !== to && !file.endsWith('.spec.ts')) {
        addEdge(folders, from, to)
        if (!witness.has(`${from} ${to}`)) witness.set(`${from} ${to}`, `${file} -> ${target}`)
      }
      const [fromPart, toPart] = [partOf(file), partOf(target)]
      if (fromPart && toPart && fromPart !== toPart && !file.endsWith('.spec.ts')) {
        addEdge(parts, fromPart, toPart)
        if (!witness.has(`${fromPart} ${toPart}`))
          witness.set(`${fromPart} ${toPart}`, `${file} -> ${target}`)
      }
      const plugin = sealedPluginOf(target)
      if (
        plugin &&
        sealedPluginOf(file) !== plugin &&
        // A test may reach inside what it tests: a spec beside it, or an integration test.
        !file.endsWith('.spec.ts') &&
        !file.startsWith('tests/') &&
        !isPublic(target.split('/').slice(3).join('/'))
      )
        problems.push(`${file} imports ${target}, inside the ${plugin} plugin: use its exports`)
    }
  }
  for (const cycle of cyclesOf(files))
    problems.push(`import cycle between files: ${cycle.join(', ')}`)
  for (const cycle of [...cyclesOf(folders), ...cyclesOf(parts)]) {
    const through = cycle.flatMap((from) =>
      cycle.flatMap((to) => witness.get(`${from} ${to}`) ?? []),
    )
    problems.push(`import cycle between folders ${cycle.join(', ')}:\n  ${through.join('\n  ')}`)
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
  console.log(`imports: ${Object.keys(tree).length} files, no cycle, sealed plugins kept`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
