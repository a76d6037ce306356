/** A field the server refused and why: shown beside that field. */
export type FieldError = { field?: string; message: string }

export type Answer<T> = { ok: true; body: T } | { ok: false; errors: FieldError[] }

/** The admin's bulk endpoint for performances, under the editor's session. */
export const bulk = async <T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  body: object,
): Promise<Answer<T>> => {
  try {
    const res = await fetch('/api/event-instances/bulk', {
      method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await res.json().catch(() => ({}))) as T & { errors?: FieldError[] }
    if (res.ok) return { ok: true, body: answer }
    return {
      ok: false,
      errors: answer.errors?.length ? answer.errors : [{ message: `Failed (${res.status}).` }],
    }
  } catch {
    return {
      ok: false,
      errors: [{ message: 'The server could not be reached: nothing was changed.' }],
    }
  }
}

/** The messages of errors whose field starts with one of `prefixes` (all when none given). */
export const errorsAt = (errors: readonly FieldError[], ...prefixes: string[]): string[] =>
  errors
    .filter((e) => prefixes.length === 0 || prefixes.some((p) => (e.field ?? '').startsWith(p)))
    .map((e) => e.message)

/** `Wed 1 Sep 2027, 19:30` in the zone the performance is in. */
export const whenIn = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))

/** `1 performance`, `30 performances`. */
export const performances = (count: number): string =>
  `${count} performance${count === 1 ? '' : 's'}`
