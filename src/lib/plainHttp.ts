/**
 * A request and its answer as the direct routes handle them: plain values, so an answer from
 * the read cache costs no Web Request, Headers or Response (measured at a sixth of a cache
 * hit's time). A route that reads a body or needs a Web Request asks for one (`web`), made once.
 */
export type PlainRequest = {
  method: string
  /** The path and query as sent. */
  url: string
  /** A header's value by its lower-case name; repeated values joined by `, `. */
  header: (name: string) => string | null
  /** The same request as a Web Request, its body streamed from the socket. */
  web: () => Request
  /** The connection it came on (the socket), when the server knows it. */
  connection?: object
}

export type PlainAnswer = {
  status: number
  /** Lower-case names. */
  headers: Record<string, string | string[]>
  body: string | Uint8Array | null
}

/** The query string of a plain request's URL, `?` included, or `''`. */
export const searchOf = (url: string): string => {
  const at = url.indexOf('?')
  return at === -1 ? '' : url.slice(at)
}

/** A Web Request as a plain one (Next's routes, tests). */
export const plainOf = (request: Request): PlainRequest => {
  const url = new URL(request.url)
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    header: (name) => request.headers.get(name),
    web: () => request,
  }
}

/** A plain answer as a Web Response (Next's routes, tests). */
export const responseOf = (answer: PlainAnswer): Response => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  const { body } = answer
  return new Response(typeof body === 'string' || body === null ? body : new Uint8Array(body), {
    status: answer.status,
    headers,
  })
}

export const isPlainAnswer = (answer: Response | PlainAnswer): answer is PlainAnswer =>
  !(answer instanceof Response)
