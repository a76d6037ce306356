import fs from 'node:fs'

/** CPU ticks (1/100 s) the processes `pids` picks and their children have used so far. */
export const ticksOf = (pids: (pid: number) => boolean): number => {
  let ticks = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')
      if (!fields) continue
      if (pids(Number(entry)) || pids(Number(fields[1])))
        ticks += Number(fields[11]) + Number(fields[12])
      // A child that ended (a database connection closed meanwhile) took its ticks along: its
      // parent counts them once it has waited for it, so a total never goes down.
      if (pids(Number(entry))) ticks += Number(fields[13]) + Number(fields[14])
    } catch {
      // A process that ended between the listing and the read used nothing more.
    }
  }
  return ticks
}

/** Runs `work` and gives what it returned with the CPU milliseconds each of `pids` used meanwhile. */
export const withCpu = async <T, K extends string>({
  pids,
  work,
}: {
  pids: Record<K, number>
  work: () => Promise<T>
}): Promise<{ result: T; cpuMs: Record<K, number> }> => {
  const names = Object.keys(pids) as K[]
  const read = () => names.map((name) => ticksOf((pid) => pid === pids[name]))
  const before = read()
  const result = await work()
  const after = read()
  const cpuMs = Object.fromEntries(
    names.map((name, i) => [name, (after[i]! - before[i]!) * 10]),
  ) as Record<K, number>
  return { result, cpuMs }
}
