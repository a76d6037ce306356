/**
 * Whether a link target is one a page can follow without running anything: http(s), mailto
 * and tel, or a path on the same site. Browsers drop tabs and newlines anywhere in a URL and
 * spaces around it, and HTML decodes entities in an attribute, so the scheme is read after
 * the same: `java\tscript:`, ` JAVASCRIPT:` and `javascript&colon;` are all `javascript:`.
 */
export const isSafeLinkUrl = (url: string): boolean => {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const bare = url.replace(/[\u0000-\u0020\u007f]/g, '')
  if (/^(https?:\/\/|mailto:|tel:)/i.test(bare)) return true
  // A relative URL has no scheme: nothing before its first / ? # may end one (`:`) or hide
  // one in an entity (`&`).
  const head = bare.split(/[/?#]/, 1)[0] ?? ''
  return !/[:&]/.test(head)
}

export const unsafeLinkMessage =
  'A link must go to an http(s), mailto or tel address, or a path of the site.'
