/**
 * The block picker's picture of each layout block: a small drawing of what the block shows,
 * inlined (nothing to serve, nothing fetched from outside).
 */
const frame = (inner: string): string =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 160"><rect width="240" height="160" fill="#f3f3f3"/>${inner}</svg>`,
  )}`

const ink = '#333'
const soft = '#b8b8b8'
const line = (y: number, width: number, color = soft): string =>
  `<rect x="30" y="${y}" width="${width}" height="8" rx="4" fill="${color}"/>`

export const blockThumbnails: Readonly<Record<string, { imageURL: string; imageAltText: string }>> =
  {
    richText: {
      imageURL: frame(
        `${line(34, 110, ink)}${line(58, 180)}${line(74, 170)}${line(90, 180)}${line(106, 120)}`,
      ),
      imageAltText: 'A heading over lines of text',
    },
    media: {
      imageURL: frame(
        `<rect x="30" y="22" width="180" height="92" rx="4" fill="${soft}"/><circle cx="70" cy="52" r="12" fill="#fff"/><path d="M40 108 L95 62 L135 96 L160 78 L200 108 Z" fill="#fff"/>${line(126, 120)}`,
      ),
      imageAltText: 'A picture with a caption below it',
    },
    callToAction: {
      imageURL: frame(
        `<rect x="60" y="58" width="120" height="44" rx="22" fill="${ink}"/><rect x="86" y="76" width="68" height="8" rx="4" fill="#fff"/>`,
      ),
      imageAltText: 'A button',
    },
    eventList: {
      imageURL: frame(
        `${line(22, 100, ink)}${[46, 84, 122]
          .map(
            (y) =>
              `<rect x="30" y="${y}" width="40" height="28" rx="3" fill="${soft}"/>${`<rect x="82" y="${y + 4}" width="110" height="7" rx="3" fill="${ink}"/><rect x="82" y="${y + 17}" width="70" height="6" rx="3" fill="${soft}"/>`}`,
          )
          .join('')}`,
      ),
      imageAltText: 'A list of events, each with a picture, a title and dates',
    },
    gallery: {
      imageURL: frame(
        [30, 96, 162]
          .flatMap((x) =>
            [30, 90].map(
              (y) => `<rect x="${x}" y="${y}" width="50" height="44" rx="3" fill="${soft}"/>`,
            ),
          )
          .join(''),
      ),
      imageAltText: 'A grid of pictures',
    },
  }
