import type { PayloadRequest } from 'payload'

import { uploadLimit } from '../../../uploads/uploadLimit'
import { allowedMimeTypes } from '../../../uploads/mediaTypes'
import { fetchRemoteFile } from '../../partnerApi/exports/http'
import { syncContext } from '../defaults'
import { ticketingOptions } from '../options'
import type { ImageToImport } from './imageToImport'

/**
 * A provider's image as a media record of the tenant, made in the transaction of the event it
 * illustrates, so a failed write leaves neither record nor file. It is fetched as a partner's
 * media `src` is (the outbound rules, `TICKETING_ALLOWED_HOSTS` as the private hosts allowed, the
 * upload limit, the provider call's time-out) and goes through every rule an upload does (the
 * server-made name, the pixel limit, the tenant's share of image work). An image that cannot be
 * had answers why: the event is written without it, and the editor can add one.
 */
export const importImage = async ({
  req,
  tenantId,
  image,
}: {
  req: PayloadRequest
  tenantId: string
  image: ImageToImport
}): Promise<{ id: string } | { refused: string }> => {
  const options = ticketingOptions(req.payload.config)
  let file
  try {
    file = await fetchRemoteFile({
      src: image.importFrom,
      owner: tenantId,
      options: {
        maxBytes: uploadLimit(req.payload.config),
        timeoutMs: options.httpTimeoutMs,
        allowedHosts: options.allowedHosts,
        mimeTypes: allowedMimeTypes,
      },
    })
  } catch (err) {
    return { refused: `The image was not imported: ${(err as Error).message}` }
  }
  const media = await req.payload.create({
    collection: 'media',
    data: { alt: image.alt.slice(0, 500), tenant: tenantId } as never,
    file,
    req,
    overrideAccess: true,
    context: { ...syncContext },
    depth: 0,
  })
  return { id: String(media.id) }
}
