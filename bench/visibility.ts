import { percentile } from './load'

const titleAt = async ({
  origin,
  path,
  key,
}: {
  origin: string
  path: string
  key: string
}): Promise<unknown> => {
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${key}` } })
  return ((await res.json()) as { title?: unknown }).title
}

/**
 * For each record: both instances read it (so both hold it cached), the writer instance takes a
 * change, and then whether the writer's next read shows it, and how long until the other
 * instance's reads do (polled every millisecond or so).
 */
export const measureVisibility = async ({
  writer,
  other,
  tenant,
  ids,
  writeKey,
  readKey,
}: {
  writer: string
  other: string
  tenant: string
  ids: string[]
  writeKey: string
  readKey: string
}): Promise<{ writes: number; sameInstance: number; otherP50: number; otherMax: number }> => {
  let sameInstance = 0
  const delays: number[] = []
  for (const [i, id] of ids.entries()) {
    const path = `/api/partners/2025-07/${tenant}/events/${id}`
    for (const origin of [writer, other, writer, other])
      await titleAt({ origin, path, key: readKey })
    const title = `Visible ${i} ${Math.random()}`
    await fetch(`${writer}${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    })
    const answered = performance.now()
    if ((await titleAt({ origin: writer, path, key: readKey })) === title) sameInstance++
    while ((await titleAt({ origin: other, path, key: readKey })) !== title) {
      if (performance.now() - answered > 5_000) break
    }
    delays.push(performance.now() - answered)
  }
  delays.sort((a, b) => a - b)
  return {
    writes: ids.length,
    sameInstance,
    otherP50: percentile(delays, 50),
    otherMax: delays.at(-1) ?? 0,
  }
}
