import { constants } from 'node:fs'
import fs, { type FileHandle } from 'node:fs/promises'
import path from 'node:path'

import type { MediaType } from './mediaTypes'
import { typeOfStoredName } from './storedName'

export type StoredFile = {
  type: MediaType
  size: number
  /** Strong: a stored name's bytes are written once, so their size and time tell them apart. */
  etag: string
  lastModified: Date
  /** The bytes, read as they are consumed; the end, an error or a cancel closes the file. */
  stream: () => ReadableStream<Uint8Array>
  /** For an answer that sends no bytes (HEAD, 304). */
  close: () => Promise<void>
}

/** What opening reports as "no such file": the name is absent, or no plain file. */
const absent = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR'])

const chunkBytes = 64 * 1024

const streamOf = ({
  handle,
  size,
}: {
  handle: FileHandle
  size: number
}): ReadableStream<Uint8Array> => {
  let position = 0
  const done = (): Promise<void> => handle.close().catch(() => undefined)
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      try {
        const chunk = new Uint8Array(Math.min(chunkBytes, size - position))
        const { bytesRead } =
          chunk.length > 0 ? await handle.read({ buffer: chunk, position }) : { bytesRead: 0 }
        position += bytesRead
        // Stored files never shrink; if one did, the answer must not end as if whole.
        if (bytesRead === 0 && position < size)
          throw new Error('The file is shorter than its size.')
        if (bytesRead > 0) controller.enqueue(chunk.subarray(0, bytesRead))
        if (position >= size) {
          controller.close()
          await done()
        }
      } catch (err) {
        controller.error(err)
        await done()
      }
    },
    cancel: done,
  })
}

/**
 * The file of a name the server made, in `dir`, opened for reading; nothing for any other name
 * (a dot file, a path, a name of another form) and for a name with no file. Only the name's own
 * entry is opened: no path is built from anything else, and a symbolic link is not followed.
 */
export const openStoredFile = async ({
  dir,
  name,
}: {
  dir: string
  name: string
}): Promise<StoredFile | undefined> => {
  const type = typeOfStoredName(name)
  if (!type) return undefined
  let handle: FileHandle
  try {
    handle = await fs.open(path.join(dir, name), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  } catch (err) {
    if (absent.has((err as { code?: string }).code ?? '')) return undefined
    throw err
  }
  // Measured through the open file, so a file removed meanwhile is still the one described.
  const stat = await handle.stat({ bigint: true }).catch(async (err: unknown) => {
    await handle.close()
    throw err
  })
  if (!stat.isFile()) {
    await handle.close()
    return undefined
  }
  const size = Number(stat.size)
  return {
    type,
    size,
    etag: `"${stat.size.toString(36)}-${stat.mtimeNs.toString(36)}"`,
    lastModified: new Date(Number(stat.mtimeMs)),
    stream: () => streamOf({ handle, size }),
    close: () => handle.close(),
  }
}
