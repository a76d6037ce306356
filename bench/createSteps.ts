/** `name;dur=1.23, other;dur=4.5` → { name: 1.23, other: 4.5 } */
const stepsOf = (header: string | null): Record<string, number> =>
  Object.fromEntries(
    (header ?? '')
      .split(',')
      .map((entry) => /^\s*([^;\s]+);dur=([\d.]+)/.exec(entry))
      .flatMap((m) => (m ? [[m[1]!, Number(m[2])] as const] : [])),
  )

/**
 * Where a partner create's time goes: `count` creates one after another (no queueing) on an
 * app started with SERVER_TIMING=on, each answer's `Server-Timing` steps averaged. Steps nest
 * (`store` is Payload's create and holds the hooks and most of the SQL), so each is printed as a
 * share of the whole request, and `store`'s own work (validation, field traversal, the versions
 * table, population) is what its hooks and SQL leave.
 */
export const measureCreateSteps = async ({
  origin,
  tenant,
  key,
  count,
  print,
}: {
  origin: string
  tenant: string
  key: string
  count: number
  print: (line: string) => void
}): Promise<void> => {
  const sums: Record<string, number> = {}
  for (let i = 0; i < count + 20; i++) {
    const res = await fetch(`${origin}/api/partners/2025-07/${tenant}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Timed ${i}`, _status: 'published' }),
    })
    await res.arrayBuffer()
    if (res.status !== 201) throw new Error(`a timed create answered ${res.status}`)
    // The first ones warm the app up.
    if (i < 20) continue
    for (const [name, ms] of Object.entries(stepsOf(res.headers.get('server-timing'))))
      sums[name] = (sums[name] ?? 0) + ms
  }
  const mean = (name: string) => (sums[name] ?? 0) / count
  const total = mean('total')
  if (total === 0) throw new Error('the answers carry no Server-Timing: is SERVER_TIMING=on?')
  const hooks = Object.keys(sums).filter((name) => name.startsWith('hook.'))
  const inHooks = hooks.reduce((sum, name) => sum + mean(name), 0)
  const rows: [string, number][] = [
    ['auth (key, limit, tenant)', mean('auth')],
    ['queue (wait for the tenant share)', mean('queue')],
    ['input (body read and parsed)', mean('input')],
    ['operation', mean('operation')],
    ['  validate (schema, Markdown)', mean('validate')],
    ["  store (Payload's create)", mean('store')],
    ...hooks
      .sort((a, b) => mean(b) - mean(a))
      .map((name): [string, number] => [`    ${name}`, mean(name)]),
    ['    commit (the change log, what else waits for it, COMMIT)', mean('commit')],
    [
      "    Payload's own (validation, traversal, versions, SQL outside hooks)",
      mean('store') - inHooks - mean('commit'),
    ],
    ['  present (the answer made from the stored record)', mean('present')],
    ['sql, wherever it ran (statements waited on)', mean('sql')],
    [
      'rest (routing, encoding, logging)',
      total - mean('auth') - mean('queue') - mean('input') - mean('operation'),
    ],
  ]
  print(
    `[bench] where a create's time goes: ${count} partner creates one after another on an app with SERVER_TIMING=on; mean ${total.toFixed(2)} ms a create`,
  )
  for (const [name, ms] of rows)
    print(
      `${name.padEnd(72)} | ${ms.toFixed(2).padStart(7)} ms | ${((ms / total) * 100).toFixed(1).padStart(5)}%`,
    )
}
