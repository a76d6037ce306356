/**
 * What a plan writes for a provider's image: where to fetch it from and its words. The write
 * makes a media record of it (`importImage.ts`); a dry run shows it as it is.
 */
export type ImageToImport = { importFrom: string; alt: string }

export const imageToImport = ({ url, alt }: { url: string; alt: string }): ImageToImport => ({
  importFrom: url,
  alt,
})

export const isImageToImport = (value: unknown): value is ImageToImport =>
  typeof (value as Partial<ImageToImport> | null)?.importFrom === 'string'
