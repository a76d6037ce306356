/**
 * Next bundles the app's server code separately from the launcher (`server.ts`), so the two do
 * not share module instances. A registry on `globalThis` under a well-known symbol is the one
 * thing both see: the database adapter registers "close my pool" here and the launcher runs it
 * after the HTTP server has drained.
 */
type ShutdownHook = () => Promise<void> | void

const key: unique symbol = Symbol.for('arts-cms.shutdown-hooks')

const hooks = (): Map<string, ShutdownHook> => {
  const holder: typeof globalThis & { [key]?: Map<string, ShutdownHook> } = globalThis
  holder[key] ??= new Map()
  return holder[key]
}

export const onShutdown = ({ name, hook }: { name: string; hook: ShutdownHook }): void => {
  hooks().set(name, hook)
}

export const runShutdownHooks = async (): Promise<void> => {
  const all = [...hooks().entries()]
  hooks().clear()
  await Promise.all(
    all.map(async ([name, hook]) => {
      try {
        await hook()
      } catch (err) {
        console.error(`shutdown hook "${name}" failed`, err)
      }
    }),
  )
}
