import type { OpenAPIV2 } from 'openapi-types'

import type { OpenApiDocument } from './build31'
import { withoutWebhooks } from './withoutWebhooks'
import { toSchema30 } from './convert30'

type Json = Record<string, unknown>

/**
 * 3.0 schemas → Swagger 2.0: refs to `definitions`, `x-nullable` instead of `nullable`, unions
 * and their discriminators as extensions.
 */
const toSchema20 = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(toSchema20)
  if (!schema || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace('#/components/schemas/', '#/definitions/')
    else if (key === 'nullable') out['x-nullable'] = value
    else if (key === 'oneOf' || key === 'anyOf') out['x-oneOf'] = toSchema20(value)
    // 2.0's discriminator is a property name on a base schema, not a union's mapping.
    else if (key === 'discriminator' && typeof value === 'object')
      out['x-discriminator'] = toSchema20(value)
    else out[key] = toSchema20(value)
  }
  if (Array.isArray(out.enum)) out.enum = (out.enum as unknown[]).filter((v) => v !== null)
  if (out.type === undefined && out['x-oneOf'] && !out.$ref) out.type = 'object'
  return out
}

const parameter20 = (param: Json): Json => {
  const schema = (param.schema ?? {}) as Json
  if (param.name === 'where') {
    return {
      name: 'where',
      in: 'query',
      type: 'string',
      description: `${String(param.description)} In Swagger 2.0, send it as a JSON string.`,
    }
  }
  const { schema: _s, style: _st, explode: _e, ...rest } = param
  return { ...rest, ...(toSchema20(schema) as Json) }
}

/** The multipart upload as Swagger 2.0 form parameters: the file, `_payload`, and each text field (others go in `_payload`). */
const formParameters = ({
  form,
  json,
  schemas,
}: {
  form: Json
  json: Json | undefined
  schemas: Record<string, Json>
}): Json[] => {
  const formProps = (form.properties ?? {}) as Record<string, Json>
  const params: Json[] = [
    {
      name: 'file',
      in: 'formData',
      type: 'file',
      required: true,
      description: formProps.file?.description,
    },
    {
      name: '_payload',
      in: 'formData',
      type: 'string',
      description: formProps._payload?.description,
    },
  ]
  const resolved =
    typeof json?.$ref === 'string' ? schemas[json.$ref.split('/').pop() as string] : json
  for (const [name, prop] of Object.entries((resolved?.properties ?? {}) as Record<string, Json>)) {
    if (prop.readOnly || name === 'src' || prop.type !== 'string') continue
    params.push({
      name,
      in: 'formData',
      type: prop.type,
      ...(prop.format && prop.format !== 'uuid' ? { format: prop.format } : {}),
      ...(prop.description ? { description: prop.description } : {}),
    })
  }
  return params
}

export const toSwagger20 = (doc31: OpenApiDocument): OpenAPIV2.Document => {
  const doc = toSchema30(withoutWebhooks(doc31)) as Json
  const components = doc.components as Json
  const parameters = components.parameters as Record<string, Json>
  const server = new URL(((doc.servers as Json[])[0]?.url as string) ?? 'http://localhost')
  const paths: Record<string, Record<string, Json>> = {}
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    paths[path] = {}
    for (const [method, op] of Object.entries(item)) {
      const params = ((op.parameters ?? []) as Json[]).map((p) => {
        const resolved =
          typeof p.$ref === 'string' ? (parameters[p.$ref.split('/').pop() as string] as Json) : p
        return parameter20(resolved)
      })
      const body = op.requestBody as { content?: Record<string, { schema: Json }> } | undefined
      const consumes: string[] = []
      const multipart = body?.content?.['multipart/form-data']
      if (multipart) {
        // Swagger 2.0 cannot offer a body and form parameters on one operation: the upload is
        // what it shows; the JSON variant (`src`) is named in the description.
        consumes.push('multipart/form-data')
        params.push(
          ...formParameters({
            form: multipart.schema,
            json: body?.content?.['application/json']?.schema,
            schemas: components.schemas as Record<string, Json>,
          }),
        )
        op.description = [
          op.description,
          'The same operation also takes `application/json` with `src`, a URL to fetch the file from, and the other fields (see the OpenAPI 3 documents).',
        ]
          .filter(Boolean)
          .join(' ')
      } else if (body?.content?.['application/json']) {
        consumes.push('application/json')
        params.push({
          name: 'body',
          in: 'body',
          required: true,
          schema: toSchema20(body.content['application/json'].schema),
        })
      }
      const responses: Record<string, Json> = {}
      for (const [status, res] of Object.entries(op.responses as Record<string, Json>)) {
        const content = res.content as Record<string, { schema: Json }> | undefined
        const first = content ? Object.values(content)[0] : undefined
        const headers = res.headers as Record<string, Json> | undefined
        responses[status] = {
          description: res.description,
          ...(first ? { schema: toSchema20(first.schema) } : {}),
          ...(headers
            ? {
                headers: Object.fromEntries(
                  Object.entries(headers).map(([n, h]) => [
                    n,
                    // Swagger 2.0 headers have no `required`: they are listed because they are sent.
                    { description: h.description, ...(toSchema20(h.schema) as Json) },
                  ]),
                ),
              }
            : {}),
        }
      }
      const produces = [
        ...new Set(
          Object.values(op.responses as Record<string, Json>).flatMap((r) =>
            Object.keys((r.content as Json) ?? {}),
          ),
        ),
      ]
      const { requestBody: _b, parameters: _p, responses: _r, ...rest } = op
      paths[path][method] = {
        ...rest,
        parameters: params,
        responses,
        ...(consumes.length ? { consumes } : {}),
        ...(produces.length ? { produces } : {}),
        ...((rest.security as unknown[] | undefined)?.length === 0 ? { security: [] } : {}),
      }
    }
  }
  return {
    swagger: '2.0',
    info: doc.info as OpenAPIV2.InfoObject,
    host: server.host,
    basePath: server.pathname,
    schemes: [server.protocol.replace(':', '')],
    tags: doc31.tags,
    paths,
    definitions: toSchema20(components.schemas) as OpenAPIV2.DefinitionsObject,
    securityDefinitions: {
      bearerAuth: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'An API key: `Bearer cms_…`.',
      },
    },
  }
}
