import type { PayloadRequest, SanitizedConfig } from 'payload'

import { uploadOwnerContext } from '../../../uploads/imageSlots'
import { uploadLimit } from '../../../uploads/uploadLimit'
import { allowedMimeTypes } from '../../../uploads/mediaTypes'
import { fetchRemoteFile, type FetchedFile } from '../../partnerApi/exports/http'
import { syncContext } from '../defaults'
import { ticketingOptions } from '../options'
import type { ImageToImport } from './imageToImport'

type Refused = { refused: string }

const refusedBecause = (err: unknown): Refused => ({
  refused: `The image was not imported: ${(err as Error).message}`,
})

/**
 * A provider's image, fetched as a partner's media `src` is (the outbound rules,
 * `TICKETING_ALLOWED_HOSTS` as the private hosts allowed, the upload limit, the provider call's
 * time-out). Fetched before the record's transaction opens: a slow image host must never hold a
 * pooled connection.
 */
export const fetchImage = async ({
  config,
  tenantId,
  image,
}: {
  config: SanitizedConfig
  tenantId: string
  image: ImageToImport
}): Promise<{ file: FetchedFile; alt: string } | Refused> => {
  const options = ticketingOptions(config)
  try {
    const file = await fetchRemoteFile({
      src: image.importFrom,
      owner: tenantId,
      options: {
        maxBytes: uploadLimit(config),
        timeoutMs: options.httpTimeoutMs,
        allowedHosts: options.allowedHosts,
        mimeTypes: allowedMimeTypes,
      },
    })
    return { file, alt: image.alt }
  } catch (err) {
    return refusedBecause(err)
  }
}

/**
 * The fetched image as a media record of the tenant, made in the transaction of the event it
 * illustrates, so a failed write leaves neither record nor file. It goes through every rule an
 * upload does (the server-made name, the pixel limit, the tenant's share of image work, charged
 * to the tenant). Those refuse before anything is written, so a refusal leaves the event's
 * transaction usable: the event is written without the image, and the editor can add one.
 */
export const storeImage = async ({
  req,
  tenantId,
  fetched,
}: {
  req: PayloadRequest
  tenantId: string
  fetched: { file: FetchedFile; alt: string }
}): Promise<{ id: string } | Refused> => {
  req.context = { ...req.context, [uploadOwnerContext]: tenantId }
  try {
    const media = await req.payload.create({
      collection: 'media',
      data: { alt: fetched.alt.slice(0, 500), tenant: tenantId } as never,
      file: fetched.file,
      req,
      overrideAccess: true,
      context: { ...syncContext },
      depth: 0,
    })
    return { id: String(media.id) }
  } catch (err) {
    return refusedBecause(err)
  }
}
