import { Resolver } from 'node:dns/promises'

export type ResolvedAddress = { address: string; family: 4 | 6 }

/**
 * A name's A and AAAA records, asked of DNS servers through c-ares (`servers`, or the
 * system's): unlike `dns.lookup`, which blocks one of libuv's four pool threads until the
 * system resolver gives up, a query here is a socket on the event loop, so a name whose
 * servers never answer costs nothing shared, and it can be ended. It ends at `timeoutMs`
 * (every try together) or when `signal` aborts. Both families are asked at once; either
 * answering is enough, and what both answered is returned, so a caller checks every address.
 * c-ares reads no hosts file: the caller decides what a name like `localhost` is.
 */
export const resolveName = async ({
  host,
  servers,
  timeoutMs,
  signal,
}: {
  host: string
  servers?: readonly string[]
  timeoutMs: number
  signal?: AbortSignal
}): Promise<ResolvedAddress[]> => {
  signal?.throwIfAborted()
  // c-ares doubles its wait after each try: two tries of a third each fill the deadline.
  const resolver = new Resolver({ timeout: Math.max(1, Math.ceil(timeoutMs / 3)), tries: 2 })
  if (servers?.length) resolver.setServers([...servers])
  const cancel = (): void => resolver.cancel()
  const timer = setTimeout(cancel, timeoutMs)
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])
    const addresses: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled'
        ? v4.value.map((address) => ({ address, family: 4 as const }))
        : []),
      ...(v6.status === 'fulfilled'
        ? v6.value.map((address) => ({ address, family: 6 as const }))
        : []),
    ]
    if (addresses.length) return addresses
    throw v4.status === 'rejected' ? v4.reason : new Error(`${host} has no address`)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}
