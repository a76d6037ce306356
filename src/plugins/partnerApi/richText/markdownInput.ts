import { markdownMaxLength, markdownName, type Kind } from '../kinds/model'
import { fail, validationFailed } from '../problems'
import { convertMarkdown } from './markdownConverter'

/**
 * A body's Markdown, made into the rich text it stands for before the body is checked, so
 * what comes out is checked like any rich text after. Anything that is not a string, or is
 * too long, is left for the schema to refuse before any conversion work.
 */
export const fromMarkdown = async ({
  kind,
  body,
}: {
  kind: Kind
  body: Record<string, unknown>
}): Promise<Record<string, unknown>> => {
  const names = kind.richText.filter((name) => typeof body[markdownName(name)] === 'string')
  if (names.length === 0) return body
  const both = names.filter((name) => body[name] !== undefined)
  if (both.length > 0)
    validationFailed(
      both.map((name) => ({
        field: markdownName(name),
        message: `Send ${name} or ${markdownName(name)}, not both.`,
      })),
    )
  const out = { ...body }
  for (const name of names) {
    const markdown = out[markdownName(name)] as string
    if (markdown.length > markdownMaxLength) continue
    const converting = convertMarkdown(markdown)
    if (!converting)
      fail({
        status: 503,
        detail: 'Too many Markdown conversions are waiting; retry shortly, or send JSON.',
        headers: { 'retry-after': '1' },
      })
    const answer = await converting!
    if ('problem' in answer)
      validationFailed([{ field: markdownName(name), message: answer.problem }])
    else {
      delete out[markdownName(name)]
      out[name] = answer.value
    }
  }
  return out
}
