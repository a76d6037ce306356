import { mediaExtensions, typeOfExtension, type MediaType } from './mediaTypes'

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/**
 * The names the server gives files: a random UUID and the extension of the file's type; Payload
 * adds `-<w>x<h>` for an image size and `-<n>` to a duplicate's copy. Nothing else (a dot file
 * kept aside during an update, a path) is ever a stored name.
 */
const copy = '(?:-[1-9][0-9]{0,5})?'
const size = '(?:-[1-9][0-9]{0,4}x[1-9][0-9]{0,4})?'
const storedNamePattern = new RegExp(`^${uuid}${copy}${size}\\.(${mediaExtensions.join('|')})$`)

/** A new file's name, from its random stem and the extension of its type. */
export const storedName = ({ stem, extension }: { stem: string; extension: string }): string =>
  extension ? `${stem}.${extension}` : stem

/** The type of a stored name's file, or nothing when the name is none the server makes. */
export const typeOfStoredName = (name: string): MediaType | undefined => {
  const extension = storedNamePattern.exec(name)?.[1]
  return extension === undefined ? undefined : typeOfExtension(extension)
}
