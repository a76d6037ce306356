import { allowedMimeTypes } from '../../../uploads/mediaTypes'
import { uploadLimit } from '../../../uploads/uploadLimit'
import type { SanitizedConfig } from 'payload'

import { partnerOptions } from '../options'
import { fail } from '../../../lib/partnerProblem'
import { fetchRemoteFile, type FetchedFile } from './remoteFetch'
import { mediaType, readBody, readJsonObject } from './body'

/** More parts than a media record has fields is no upload: it is a way to make work. */
const maxFormParts = 50

type MediaInput = { body: Record<string, unknown>; file: FetchedFile }
/** `owner` is the tenant the request acts for: whose share of outbound lookups a fetch takes. */
type Read = { request: Request; config: SanitizedConfig; owner: string }

const fromMultipart = async ({ request, config }: Read): Promise<MediaInput> => {
  const raw = await readBody({ request, limit: uploadLimit(config) })
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  })
    .formData()
    .catch(() => fail({ status: 400, detail: 'The multipart body could not be read.' }))
  const parts = [...form.keys()].length
  if (parts > maxFormParts) {
    fail({
      status: 400,
      detail: `A multipart body has at most ${maxFormParts} parts (got ${parts}).`,
    })
  }
  const upload = form.get('file')
  if (!upload || typeof upload === 'string') {
    return fail({
      status: 400,
      detail: 'A multipart media create needs a "file" part.',
      errors: [{ field: 'file', message: 'Required.' }],
    })
  }
  const body: Record<string, unknown> = {}
  const payloadPart = form.get('_payload')
  if (typeof payloadPart === 'string') {
    let parsed: unknown
    try {
      parsed = JSON.parse(payloadPart)
    } catch {
      fail({
        status: 400,
        type: 'malformed-json',
        detail: 'The "_payload" part is not valid JSON.',
      })
    }
    if (parsed && typeof parsed === 'object') Object.assign(body, parsed)
  }
  for (const [name, value] of form.entries()) {
    if (name !== 'file' && name !== '_payload' && typeof value === 'string') body[name] = value
  }
  const data = Buffer.from(await upload.arrayBuffer())
  return {
    body,
    file: { data, mimetype: upload.type, name: upload.name || 'upload', size: data.length },
  }
}

const fromRemoteSource = async ({ request, config, owner }: Read): Promise<MediaInput> => {
  const options = partnerOptions(config)
  const { src, ...body } = await readJsonObject({ request, limit: options.bodyLimitBytes })
  if (typeof src !== 'string' || !src) {
    return fail({
      status: 400,
      detail:
        'A media create needs a file: multipart/form-data with "file", or JSON with "src", a URL to fetch.',
      errors: [{ field: 'src', message: 'Required.' }],
    })
  }
  const file = await fetchRemoteFile({
    src,
    owner,
    // The partner hanging up ends the fetch too.
    signal: request.signal,
    options: {
      maxBytes: uploadLimit(config),
      timeoutMs: options.mediaFetch.timeoutMs,
      allowedHosts: options.mediaFetch.allowedHosts,
      mimeTypes: allowedMimeTypes,
    },
  })
  return { body, file }
}

/** The file and fields of an upload create: multipart with `file`, or JSON with a remote `src`. */
export const readMediaInput = (args: Read): Promise<MediaInput> =>
  mediaType(args.request) === 'multipart/form-data' ? fromMultipart(args) : fromRemoteSource(args)
