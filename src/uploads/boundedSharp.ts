import sharp from 'sharp'

import { readSettings } from '../lib/settings'

type Sharp = typeof sharp

/**
 * sharp as Payload gets it, with the pixel limit on every decode: uploads are checked before
 * Payload sees them, and this also covers what Payload decodes on its own (crops, focal points,
 * duplicates, a type it detected that the client did not claim).
 */
export const boundedSharp = (): Sharp => {
  const limitInputPixels = readSettings().imageMaxPixels || false
  const bounded = ((input?: unknown, options?: sharp.SharpOptions) =>
    sharp(input as Buffer, { ...options, limitInputPixels })) as Sharp
  return Object.assign(bounded, sharp)
}
