import { registerDirectRoute } from '@/lib/directRoutes'
import { mediaFilePrefix, serveMediaFile } from '@/uploads/serveFile'
import { typeOfStoredName } from '@/uploads/storedName'

/**
 * Media files, public by their server-made names (src/uploads/serveFile.ts). More specific than
 * Payload's catch-all, so Next sends these URLs here, where no session is needed.
 */
export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ filename: string }> }

const handle = async (request: Request, { params }: Context): Promise<Response> =>
  serveMediaFile({ request, filename: (await params).filename })

export const GET = handle
export const HEAD = handle
export const OPTIONS = handle
export const POST = handle
export const PUT = handle
export const PATCH = handle
export const DELETE = handle

// From now on server.ts hands reads of stored names to the handler itself, streamed. Any other
// name is left to Next, which normalises dot segments first (and answers it here, a 404).
registerDirectRoute({
  prefix: mediaFilePrefix,
  methods: ['GET', 'HEAD'],
  accepts: (segments) => segments.length === 1 && typeOfStoredName(segments[0] ?? '') !== undefined,
  handler: ({ request, segments }) => serveMediaFile({ request, filename: segments[0] ?? '' }),
  streams: true,
})
