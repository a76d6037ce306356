/**
 * The bounded name a request is counted under when its route has not named itself (the partner
 * handler does: `partner:<operationId>`): never the raw path, which anyone can vary without end.
 */
export const routeLabelOf = (url: string): string => {
  const path = url.split('?')[0] ?? '/'
  if (path.startsWith('/api/media/file/')) return 'media:file'
  if (path.startsWith('/api/partners/')) {
    const rest = path.split('/')[4] ?? ''
    return rest === 'openapi' || rest.startsWith('openapi.') || rest === 'docs'
      ? 'partner:document'
      : 'partner:other'
  }
  if (path === '/api/health' || path === '/api/ready') return 'ops'
  if (path === '/api/graphql' || path.startsWith('/api/graphql')) return 'payload-graphql'
  if (path === '/api' || path.startsWith('/api/')) return 'payload-rest'
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin'
  if (path.startsWith('/_next/')) return 'next-assets'
  return 'other'
}

/** The path without its query: what the log names when no route template is known. */
export const pathOf = (url: string): string => url.split('?')[0] ?? '/'
