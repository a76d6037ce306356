/** RFC 9457 problem details: the one error body shape the CMS answers with outside Payload's own routes. */
export type Problem = {
  type?: string
  title: string
  status: number
  detail?: string
  errors?: { field: string; message: string }[]
  [extension: string]: unknown
}

export const problemTypeBase = 'https://arts-cms.dev/problems/'

export const problemResponse = ({
  problem,
  headers,
}: {
  problem: Problem
  headers?: HeadersInit
}): Response => {
  const body: Problem = { type: 'about:blank', ...problem }
  const merged = new Headers(headers)
  merged.set('content-type', 'application/problem+json')
  merged.set('cache-control', 'no-store')
  return new Response(JSON.stringify(body), { status: problem.status, headers: merged })
}
