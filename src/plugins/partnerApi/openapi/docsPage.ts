import fs from 'node:fs/promises'
import path from 'node:path'

import { problemOf, problemResponse } from '../../../lib/problem'
import { projectRoot, readSettings } from '../../../lib/settings'
import { apiVersion, partnerBasePath } from '../defaults'

const docsPath = `${partnerBasePath}/docs`

/** The page's own script: Swagger UI on the served document, with nothing that calls out. */
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(`${partnerBasePath}/openapi`)},
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    persistAuthorization: false,
    // The public validator badge would send the document to validator.swagger.io.
    validatorUrl: null,
  })
})
`

/**
 * Files the page loads, all from this server: Swagger UI as installed from npm
 * (swagger-ui-dist), and the script above. Nothing else is served from the package folder.
 */
const assets: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'init.js': { type: 'text/javascript; charset=utf-8', text: initScript },
}

const packageDir = (): string => path.join(projectRoot(), 'node_modules', 'swagger-ui-dist')

/** The page may load only from here; "Try it out" calls may go to the configured API origin. */
const contentSecurityPolicy = (): string => {
  const api = new URL(readSettings().serverUrl).origin
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Swagger UI sets style attributes from script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export const serveDocsPage = (): Response =>
  new Response(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner API ${apiVersion} reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${docsPath}/swagger-ui.css">
</head>
<body>
<noscript>The reference needs JavaScript. The document itself: <a href="${partnerBasePath}/openapi">${partnerBasePath}/openapi</a>.</noscript>
<div id="reference"></div>
<script src="${docsPath}/swagger-ui-bundle.js"></script>
<script src="${docsPath}/init.js"></script>
</body>
</html>
`,
    {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=300',
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      },
    },
  )

const loaded = new Map<string, Buffer | string>()

export const serveDocsAsset = async (name: string): Promise<Response> => {
  const asset = Object.hasOwn(assets, name) ? assets[name] : undefined
  if (!asset)
    return problemResponse({
      problem: problemOf({ status: 404, detail: `The reference page has no file "${name}".` }),
    })
  let body = loaded.get(name)
  if (body === undefined) {
    body = asset.text ?? (await fs.readFile(path.join(packageDir(), asset.file as string)))
    loaded.set(name, body)
  }
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': asset.type,
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  })
}
