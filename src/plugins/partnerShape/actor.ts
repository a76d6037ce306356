export type Actor = { type: 'key' | 'user' | 'system'; id: string | null }

/** Who acts in a request: a partner key (its principal carries the key id), a user, or the system. */
export const actorOf = ({ user }: { user: { id?: unknown; apiKey?: unknown } | null }): Actor => {
  if (typeof user?.apiKey === 'string') return { type: 'key', id: user.apiKey }
  if (user?.id !== undefined) return { type: 'user', id: String(user.id) }
  return { type: 'system', id: null }
}

/** Who made a lasting thing (a subscription, a scheduled change); the system is nobody. */
export type Maker = { type: 'user' | 'key'; id: string }

export const makerOf = (actor: Actor): Maker | null =>
  actor.type === 'system' || actor.id === null ? null : { type: actor.type, id: actor.id }
