/**
 * Next bundles the app's server code separately from the launcher (`server.ts`), so the two do
 * not share module instances. A registry on `globalThis` under a well-known symbol is the one
 * thing both see: the database adapter registers "close my pool" here and the launcher runs it
 * after the HTTP server has drained.
 */
/** `drained`: every request in flight finished (none was cut off at the shutdown's time-out). */
type ShutdownHook = (context: { drained: boolean }) => Promise<void> | void

/**
 * Hooks run phase by phase, each phase's together: background work stops (and may still
 * write), then the instance tells its peers it is gone (after its last write, or a peer could
 * stop catching up while one is on its way), then the connections close.
 */
const phases = ['stop work', 'say goodbye', 'close connections'] as const
type Phase = (typeof phases)[number]

const key: unique symbol = Symbol.for('arts-cms.shutdown-hooks')

type Registered = { hook: ShutdownHook; phase: Phase }

const hooks = (): Map<string, Registered> => {
  const holder: typeof globalThis & { [key]?: Map<string, Registered> } = globalThis
  holder[key] ??= new Map()
  return holder[key]
}

export const onShutdown = ({
  name,
  hook,
  phase = 'stop work',
}: {
  name: string
  hook: ShutdownHook
  phase?: Phase
}): void => {
  hooks().set(name, { hook, phase })
}

export const runShutdownHooks = async ({ drained }: { drained: boolean }): Promise<void> => {
  const all = [...hooks().entries()]
  hooks().clear()
  for (const phase of phases)
    await Promise.all(
      all
        .filter(([, registered]) => registered.phase === phase)
        .map(async ([name, { hook }]) => {
          try {
            await hook({ drained })
          } catch (err) {
            console.error(`shutdown hook "${name}" failed`, err)
          }
        }),
    )
}
