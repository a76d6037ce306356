const names = new WeakMap<object, string>()

/**
 * Hooks in the order given, each known by its key from now on (`hookName`). A production build
 * renames functions, so a hook's own `name` is a letter or nothing there; an object's keys are
 * kept, and `Server-Timing` names each hook's step by them.
 */
export const namedHooks = <Hook extends object>(hooks: Record<string, Hook>): Hook[] =>
  Object.entries(hooks).map(([name, hook]) => {
    names.set(hook, name)
    return hook
  })

/** The name `namedHooks` gave a hook, if any. */
export const hookName = (hook: object): string | undefined => names.get(hook)
