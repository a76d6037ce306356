import type { CollectionConfig, Config } from 'payload'

import { hookName } from '../../lib/hookNames'
import { timeStep } from '../../lib/requestContext'

const hookTypes = [
  'beforeOperation',
  'beforeValidate',
  'beforeChange',
  'afterChange',
  'afterRead',
  'afterOperation',
] as const

type Hook = (...args: unknown[]) => unknown

/** A hook whose time goes to the request's step `hook.<type>.<name>` (`Server-Timing`). */
const timed = ({ type, hook, at }: { type: string; hook: Hook; at: number }): Hook => {
  // The name it was registered by (`namedHooks`), which a production build keeps; a hook added
  // by a package, whose own name the build may have shortened to a letter, by its place.
  const name = `hook.${type}.${hookName(hook) ?? `${at}`}`
  return (...args) => timeStep(name, async () => hook(...args))
}

const withTimedHooks = (collection: CollectionConfig): CollectionConfig => {
  const hooks: Record<string, unknown> = { ...collection.hooks }
  for (const type of hookTypes) {
    const list = hooks[type]
    if (Array.isArray(list)) hooks[type] = list.map((hook: Hook, at) => timed({ type, hook, at }))
  }
  return { ...collection, hooks }
}

/**
 * With `SERVER_TIMING=on`, every collection hook counts its time as a step of the request that
 * ran it, so the bench can say where a create's time goes (validation and Payload's own work
 * are what the hooks and SQL leave). Added last, it sees the hooks every plugin added. Off,
 * the configuration is untouched.
 */
export const timedHooks =
  ({ enabled }: { enabled: boolean }) =>
  (config: Config): Config =>
    enabled ? { ...config, collections: config.collections?.map(withTimedHooks) } : config
