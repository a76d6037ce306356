import { fairRefusal } from '../../../lib/fairQueues'
import { eachFieldValue } from '../../../fields/fieldValues'
import type { Kind } from '../kinds/model'
import { markdownMaxFields, markdownMaxLength, markdownName } from '../kinds/richTextSiblings'
import { validationFailed } from '../../../lib/partnerProblem'
import { convertMarkdown } from './markdownConverter'

type Slot = { holder: Record<string, unknown>; name: string; path: string }

/** The rich text fields of a body, at any depth, that are sent as Markdown (a string). */
const markdownSlots = ({ kind, body }: { kind: Kind; body: unknown }): Slot[] => {
  const slots: Slot[] = []
  eachFieldValue({
    fields: kind.readTimeFields,
    data: body,
    visit: ({ field, holder, path }) => {
      if (field.type === 'richText' && typeof holder[markdownName(field.name)] === 'string')
        slots.push({ holder, name: field.name, path })
    },
  })
  return slots
}

/**
 * A body's Markdown, made into the rich text it stands for before the body is checked, so
 * what comes out is checked like any rich text after. Anything that is not a string, or is
 * too long, is left for the schema to refuse before any conversion work. A body's Markdown
 * together is bounded like one field's: parsing is superlinear, so many pieces cost no more
 * than their sum as one.
 */
export const fromMarkdown = async ({
  kind,
  body,
  owner,
}: {
  kind: Kind
  body: Record<string, unknown>
  /** Whose conversions these are (the tenant): each has a share of the converter. */
  owner: string
}): Promise<Record<string, unknown>> => {
  if (markdownSlots({ kind, body }).length === 0) return body
  // The body's own objects stay as sent; the conversions fill a copy.
  const out = structuredClone(body)
  const slots = markdownSlots({ kind, body: out })
  const both = slots.filter(({ holder, name }) => holder[name] !== undefined)
  if (both.length > 0)
    validationFailed(
      both.map(({ name, path }) => ({
        field: markdownName(path),
        message: `Send ${name} or ${markdownName(name)}, not both.`,
      })),
    )
  if (slots.length > markdownMaxFields)
    validationFailed([
      {
        field: markdownName(slots[markdownMaxFields]!.path),
        message: `A body may give at most ${markdownMaxFields} fields as Markdown; send the rest as JSON.`,
      },
    ])
  const total = slots.reduce((sum, { holder, name }) => {
    const length = (holder[markdownName(name)] as string).length
    return length > markdownMaxLength ? sum : sum + length
  }, 0)
  if (total > markdownMaxLength)
    validationFailed(
      slots.map(({ path }) => ({
        field: markdownName(path),
        message: `A body's Markdown may hold ${markdownMaxLength} characters in all; send some fields as JSON.`,
      })),
    )
  for (const { holder, name, path } of slots) {
    const markdown = holder[markdownName(name)] as string
    if (markdown.length > markdownMaxLength) continue
    const answer = await convertMarkdown({ markdown, owner })
    if ('over' in answer) throw fairRefusal({ over: answer.over, work: 'Markdown conversions' })
    if ('problem' in answer)
      validationFailed([{ field: markdownName(path), message: answer.problem }])
    else {
      delete holder[markdownName(name)]
      holder[name] = answer.value
    }
  }
  return out
}
