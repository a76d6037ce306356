/**
 * Fields only the server writes: a create starts without them, an update keeps what is
 * stored, whatever the body said. The hook that owns them sets them afterwards.
 */
export const keepServerFields = <Doc extends object>({
  data,
  operation,
  originalDoc,
  fields,
}: {
  data: Partial<Doc>
  operation: 'create' | 'update'
  originalDoc: Doc | undefined
  fields: readonly (keyof Doc & string)[]
}): void => {
  const written = data as Record<string, unknown>
  const stored = originalDoc as Record<string, unknown> | undefined
  for (const field of fields) {
    if (operation === 'create') delete written[field]
    else written[field] = stored?.[field] ?? null
  }
}
