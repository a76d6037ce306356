/**
 * A write's request context naming the tenant record its caller already holds (the partner
 * API's principal carries it), so the hooks that need the tenant's settings (its search
 * language, its time zone) do not read the tenant again for every record written.
 */
export type KnownTenant = { id: string; language?: unknown; timeZone?: unknown }

const contextKey = 'knownTenant'

export const knownTenantContext = (tenant: KnownTenant): Record<string, unknown> => ({
  [contextKey]: { id: tenant.id, language: tenant.language, timeZone: tenant.timeZone },
})

/** The tenant `knownTenantContext` named, when it is the one asked for. */
export const knownTenant = ({
  context,
  tenant,
}: {
  context: Record<string, unknown>
  tenant: string
}): KnownTenant | undefined => {
  const known = context[contextKey] as KnownTenant | undefined
  return known?.id === tenant ? known : undefined
}
