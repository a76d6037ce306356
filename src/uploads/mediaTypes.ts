/**
 * What media may hold: web images and documents, each with the extensions its stored names may
 * end in (the first is the one the server gives). SVG is left out: it can carry script.
 */
const extensionsOf = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly [string, ...string[]]>

export type MediaType = keyof typeof extensionsOf

const types = Object.keys(extensionsOf) as MediaType[]

export const allowedMimeTypes: string[] = [...types]

export const mediaExtensions: readonly string[] = types.flatMap((type) => extensionsOf[type])

export const extensionOf = (type: MediaType): string => extensionsOf[type][0]

export const typeOfExtension = (extension: string): MediaType | undefined =>
  types.find((type) => (extensionsOf[type] as readonly string[]).includes(extension))
