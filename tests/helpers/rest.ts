/** Small helpers for talking to Payload's own REST API as an editor would through the admin. */
export const firstUser = async ({
  origin,
  email = 'admin@example.com',
  password = 'correct-horse-battery-staple',
}: {
  origin: string
  email?: string
  password?: string
}): Promise<{ token: string; email: string; password: string }> => {
  const res = await fetch(`${origin}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`first-register answered ${res.status}: ${await res.text()}`)
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error('first-register gave no token')
  return { token: body.token, email, password }
}

export const login = async ({
  origin,
  email,
  password,
}: {
  origin: string
  email: string
  password: string
}): Promise<string> => {
  const res = await fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

/**
 * The installation's super-admin for tests sharing one database: made by the first test that
 * asks, logged in by the others.
 */
export const installationAdmin = async ({ origin }: { origin: string }): Promise<string> => {
  const email = 'e2e-admin@example.com'
  const password = 'correct-horse-battery-staple'
  return firstUser({ origin, email, password })
    .then((admin) => admin.token)
    .catch(() => login({ origin, email, password }))
}

/**
 * A tenant and its tenant admin, made by the installation's super-admin through the REST API,
 * for browser tests that sign in as that admin.
 */
export const tenantWithAdmin = async ({
  origin,
  slug,
  name,
  admin,
}: {
  origin: string
  slug: string
  name: string
  admin: { email: string; password: string }
}): Promise<{ tenantId: string }> => {
  const token = await installationAdmin({ origin })
  const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` }
  const tenant = await fetch(`${origin}/api/tenants`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ slug, name }),
  })
  if (tenant.status !== 201) throw new Error(`tenant: ${tenant.status} ${await tenant.text()}`)
  const tenantId = ((await tenant.json()) as { doc: { id: string } }).doc.id
  const user = await fetch(`${origin}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...admin, tenants: [{ tenant: tenantId, roles: ['tenant-admin'] }] }),
  })
  if (user.status !== 201) throw new Error(`user: ${user.status} ${await user.text()}`)
  return { tenantId }
}

/**
 * A record made through Payload's REST API by the installation's super-admin (signed in once),
 * answering its id: how browser tests set up the organisations, people and records they click.
 */
export const adminCreator = async ({
  origin,
}: {
  origin: string
}): Promise<(collection: string, body: object) => Promise<string>> => {
  const token = await installationAdmin({ origin })
  return async (collection, body) => {
    const res = await fetch(`${origin}/api/${collection}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    if (res.status !== 201) throw new Error(`POST /api/${collection}: ${res.status} ${text}`)
    return (JSON.parse(text) as { doc: { id: string } }).doc.id
  }
}
