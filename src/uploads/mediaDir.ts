import path from 'node:path'

import { readSettings } from '../lib/settings'

/** Where media files are stored: the Media collection writes here and the file route reads here. */
export const mediaDir = (): string => path.join(readSettings().dataDir, 'media')
