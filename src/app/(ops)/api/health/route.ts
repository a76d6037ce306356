/** Liveness: the process answers. It touches nothing else, so a database outage never fails it. */
export const dynamic = 'force-dynamic'

export const GET = (): Response =>
  Response.json(
    { status: 'ok', uptimeSeconds: Math.round(process.uptime()) },
    { headers: { 'cache-control': 'no-store' } },
  )
