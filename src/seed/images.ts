import sharp from 'sharp'

/** A real PNG, drawn on the fly: a coloured field with a title, `width`×`height`. */
export const makeImage = async ({
  width = 1600,
  height = 1000,
  colour = '#7a1f3d',
  label = 'Arts CMS',
}: {
  width?: number
  height?: number
  colour?: string
  label?: string
} = {}): Promise<Buffer> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.25}" fill="#f4c95d" opacity="0.8"/>
    <text x="60" y="${height - 80}" font-family="sans-serif" font-size="${Math.round(height / 10)}" fill="#fff">${label}</text>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
