import config from '@payload-config'
import { getPayload } from 'payload'

import { registerDirectRoute } from '@/lib/directRoutes'
import { readSettings } from '@/lib/settings'
import { openObjectOfName } from '@/uploads/objectOfName'
import { mediaFilePrefix, serveMediaFile, type OpenFile } from '@/uploads/serveFile'
import { typeOfStoredName } from '@/uploads/storedName'

/**
 * Media files, public by their server-made names (src/uploads/serveFile.ts). More specific than
 * Payload's catch-all, so Next sends these URLs here, where no session is needed.
 */
export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ filename: string }> }

/** With a bucket, a name's object is found under its record's prefix; else files are on disk. */
const openIn = (): OpenFile | undefined => {
  const { s3 } = readSettings()
  if (!s3) return undefined
  return async ({ name, withBody }) =>
    openObjectOfName({ payload: await getPayload({ config }), s3, name, withBody })
}

const handle = async (request: Request, { params }: Context): Promise<Response> =>
  serveMediaFile({ request, filename: (await params).filename, open: openIn() })

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
  handler: ({ request, segments }) =>
    serveMediaFile({ request: request.web(), filename: segments[0] ?? '', open: openIn() }),
  streams: true,
})
