import { login } from './rest'

/** A signed-in person's client for Payload's own REST and GraphQL API, as the admin uses it. */
export type AdminAnswer = { status: number; body: Record<string, unknown> & { docs?: unknown[] } }

export const adminClient = ({ origin, token }: { origin: string; token?: string }) => {
  const call = async (method: string, path: string, body?: unknown): Promise<AdminAnswer> => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `JWT ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: Record<string, unknown> = {}
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      parsed = { text }
    }
    return { status: res.status, body: parsed }
  }
  return {
    token,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    delete: (path: string, body?: unknown) => call('DELETE', path, body),
    graphql: async (query: string, variables: Record<string, unknown> = {}) =>
      call('POST', '/api/graphql', { query, variables }),
  }
}

export type AdminClient = ReturnType<typeof adminClient>

export const signIn = async ({
  origin,
  email,
  password,
}: {
  origin: string
  email: string
  password: string
}): Promise<AdminClient> => adminClient({ origin, token: await login({ origin, email, password }) })

/** Whether `email` can still sign in with `password` (a credential change went through or not). */
export const canSignIn = (credentials: {
  origin: string
  email: string
  password: string
}): Promise<boolean> =>
  login(credentials).then(
    () => true,
    () => false,
  )
