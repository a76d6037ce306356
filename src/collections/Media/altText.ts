/** An image whose alt text is empty: screen readers have nothing to say of it. */
export const lacksAltText = ({ alt, mimeType }: { alt: unknown; mimeType: unknown }): boolean =>
  typeof mimeType === 'string' &&
  mimeType.startsWith('image/') &&
  !(typeof alt === 'string' && alt.trim())

export const missingAltWarning =
  'No alt text: people using a screen reader will not know what this image shows.'
