import { richTextLimits } from './richTextShape'

/**
 * How deeply a written record may nest: its own levels, and rich text's deepest (each level a
 * node and its `children`). Deeper is refused before anything walks it, on every surface.
 */
export const maxBodyNesting = 8 + 2 * richTextLimits.depth
