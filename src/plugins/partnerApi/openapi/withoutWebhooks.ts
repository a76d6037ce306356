import type { OpenApiDocument } from './build31'

/** The component schemas a part of the document names. */
const schemasNamed = (part: unknown): Set<string> =>
  new Set(
    [...JSON.stringify(part ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    ),
  )

/**
 * The document for formats with no `webhooks` section (3.0, 2.0): without it and the schemas
 * only it names, and a line in the description saying where the messages are described.
 */
export const withoutWebhooks = ({ webhooks, ...doc }: OpenApiDocument): OpenApiDocument => {
  if (!webhooks) return doc
  const all = doc.components?.schemas ?? {}
  const kept = schemasNamed({ paths: doc.paths, schemas: all })
  const onlyMessages = [...schemasNamed(webhooks)].filter((name) => !kept.has(name))
  const schemas = Object.fromEntries(
    Object.entries(all).filter(([name]) => !onlyMessages.includes(name)),
  )
  return {
    ...doc,
    info: {
      ...doc.info,
      description: `${doc.info.description ?? ''}\n\n**Webhook messages** are described in the OpenAPI 3.1 document (\`GET /openapi\`), in its \`webhooks\` section: this format has no place for them.`,
    },
    components: { ...doc.components, schemas },
  }
}
