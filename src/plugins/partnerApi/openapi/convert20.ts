import type { OpenAPIV2 } from 'openapi-types'

import type { OpenApiDocument } from './build31'
import { toSchema30 } from './convert30'
import { isObject, listAt, objectAt, textAt, toJson, type Json, type JsonObject } from './json'
import { withoutWebhooks } from './withoutWebhooks'

/**
 * 3.0 schemas → Swagger 2.0: refs to `definitions`, `x-nullable` instead of `nullable`, unions
 * and their discriminators as extensions.
 */
const toSchema20 = (schema: Json): Json => {
  if (Array.isArray(schema)) return schema.map(toSchema20)
  if (!isObject(schema)) return schema
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace('#/components/schemas/', '#/definitions/')
    else if (key === 'nullable') out['x-nullable'] = value
    else if (key === 'oneOf' || key === 'anyOf') out['x-oneOf'] = toSchema20(value)
    // 2.0's discriminator is a property name on a base schema, not a union's mapping.
    else if (key === 'discriminator' && typeof value === 'object')
      out['x-discriminator'] = toSchema20(value)
    else out[key] = toSchema20(value)
  }
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v) => v !== null)
  if (out.type === undefined && out['x-oneOf'] && !out.$ref) out.type = 'object'
  return out
}

/** The name a `$ref` ends with. */
const refName = (ref: string): string => ref.split('/').pop() ?? ''

const parameter20 = (param: JsonObject): JsonObject => {
  if (param.name === 'where') {
    return {
      name: 'where',
      in: 'query',
      type: 'string',
      description: `${String(param.description)} In Swagger 2.0, send it as a JSON string.`,
    }
  }
  const { schema, style: _st, explode: _e, ...rest } = param
  return { ...rest, ...objectAt(toSchema20(schema ?? {})) }
}

/** The multipart upload as Swagger 2.0 form parameters: the file, `_payload`, and each text field (others go in `_payload`). */
const formParameters = ({
  form,
  json,
  schemas,
}: {
  form: JsonObject
  json: JsonObject | undefined
  schemas: JsonObject
}): JsonObject[] => {
  const formProps = objectAt(form.properties)
  const description = (name: string): JsonObject => {
    const text = textAt(objectAt(formProps[name]).description)
    return text === undefined ? {} : { description: text }
  }
  const params: JsonObject[] = [
    { name: 'file', in: 'formData', type: 'file', required: true, ...description('file') },
    { name: '_payload', in: 'formData', type: 'string', ...description('_payload') },
  ]
  const ref = textAt(json?.$ref)
  const resolved = ref === undefined ? json : objectAt(schemas[refName(ref)])
  for (const [name, value] of Object.entries(objectAt(resolved?.properties))) {
    const prop = objectAt(value)
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

/** One operation in 2.0's shape: parameters for the body, `consumes` and `produces`. */
const operation20 = ({
  op,
  parameters,
  schemas,
}: {
  op: JsonObject
  parameters: JsonObject
  schemas: JsonObject
}): JsonObject => {
  const params = listAt(op.parameters).map((p) => {
    const ref = textAt(objectAt(p).$ref)
    return parameter20(ref === undefined ? objectAt(p) : objectAt(parameters[refName(ref)]))
  })
  const content = objectAt(objectAt(op.requestBody).content)
  const consumes: string[] = []
  const multipart = content['multipart/form-data']
  const jsonBody = content['application/json']
  let description = op.description
  if (multipart) {
    // Swagger 2.0 cannot offer a body and form parameters on one operation: the upload is
    // what it shows; the JSON variant (`src`) is named in the description.
    consumes.push('multipart/form-data')
    params.push(
      ...formParameters({
        form: objectAt(objectAt(multipart).schema),
        json: jsonBody ? objectAt(objectAt(jsonBody).schema) : undefined,
        schemas,
      }),
    )
    description = [
      textAt(op.description),
      'The same operation also takes `application/json` with `src`, a URL to fetch the file from, and the other fields (see the OpenAPI 3 documents).',
    ]
      .filter(Boolean)
      .join(' ')
  } else if (jsonBody) {
    consumes.push('application/json')
    params.push({
      name: 'body',
      in: 'body',
      required: true,
      schema: toSchema20(objectAt(jsonBody).schema ?? {}),
    })
  }
  const answers = objectAt(op.responses)
  const responses: JsonObject = {}
  for (const [status, value] of Object.entries(answers)) {
    const res = objectAt(value)
    const first = Object.values(objectAt(res.content))[0]
    const headers = isObject(res.headers) ? res.headers : undefined
    responses[status] = {
      ...(res.description === undefined ? {} : { description: res.description }),
      ...(first ? { schema: toSchema20(objectAt(first).schema ?? {}) } : {}),
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).map(([n, h]) => [
                n,
                // Swagger 2.0 headers have no `required`: they are listed because they are sent.
                {
                  ...(objectAt(h).description === undefined
                    ? {}
                    : { description: objectAt(h).description }),
                  ...objectAt(toSchema20(objectAt(h).schema ?? {})),
                },
              ]),
            ),
          }
        : {}),
    }
  }
  const produces = [
    ...new Set(Object.values(answers).flatMap((r) => Object.keys(objectAt(objectAt(r).content)))),
  ]
  const { requestBody: _b, parameters: _p, responses: _r, ...rest } = op
  return {
    ...rest,
    ...(description === undefined ? {} : { description }),
    parameters: params,
    responses,
    ...(consumes.length ? { consumes } : {}),
    ...(produces.length ? { produces } : {}),
    ...(listAt(rest.security).length === 0 && rest.security ? { security: [] } : {}),
  }
}

export const toSwagger20 = (doc31: OpenApiDocument): OpenAPIV2.Document => {
  const shown = withoutWebhooks(doc31)
  const doc = objectAt(toSchema30(toJson(shown)))
  const components = objectAt(doc.components)
  const parameters = objectAt(components.parameters)
  const schemas = objectAt(components.schemas)
  const server = new URL(textAt(objectAt(listAt(doc.servers)[0]).url) ?? 'http://localhost')
  const paths: JsonObject = {}
  for (const [path, item] of Object.entries(objectAt(doc.paths))) {
    paths[path] = Object.fromEntries(
      Object.entries(objectAt(item)).map(([method, op]) => [
        method,
        operation20({ op: objectAt(op), parameters, schemas }),
      ]),
    )
  }
  return {
    swagger: '2.0',
    info: shown.info,
    host: server.host,
    basePath: server.pathname,
    schemes: [server.protocol.replace(':', '')],
    tags: doc31.tags,
    // The walk writes each operation and schema in 2.0's shape; openapi-types cannot follow it.
    paths: paths as unknown as OpenAPIV2.PathsObject,
    // Each schema in 2.0's dialect, as the walk wrote it.
    definitions: objectAt(toSchema20(schemas)) as OpenAPIV2.DefinitionsObject,
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
