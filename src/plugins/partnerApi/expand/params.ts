import type { SanitizedConfig } from 'payload'

import { partnerKinds, type Kind } from '../kinds/model'
import type { Parameter } from '../types'
import { expandablesOf, expandDepth, joinedPerRecord } from './expandables'
import { fromNow } from './joins'
import {
  expandPathsMax,
  expandPathsOf,
  parseExpand,
  parseSelect,
  selectableOf,
  type ExpandTree,
} from './paths'
import type { ReadShape } from './shape'

/** The read's shape from its normalised `expand` and `select` (checked when it was read). */
export const readShapeOf = ({
  config,
  kind,
  query,
}: {
  config: SanitizedConfig
  kind: Kind
  query: { expand?: string; select?: string }
}): ReadShape => ({
  tree: parseExpand({ config, kind, raw: query.expand }).tree,
  select: parseSelect({ config, kind, raw: query.select }),
})

/**
 * What a read of this shape depends on besides the tenant's records: the minute its joins count
 * "from now" from, when it expands any, so a performance that has started leaves the cached
 * answers within a minute instead of when the cache expires. Part of the cache key.
 */
export const shapeClock = ({
  config,
  kind,
  expand,
}: {
  config: SanitizedConfig
  kind: Kind
  expand: string | undefined
}): string => {
  const joins = (at: Kind, tree: ExpandTree): boolean =>
    [...tree].some(([name, inner]) => {
      const found = expandablesOf({ config, kind: at }).get(name)
      if (!found) return false
      if (found.type === 'join') return true
      const target = partnerKinds({ config }).get(found.target)
      return target !== undefined && joins(target, inner)
    })
  return expand && joins(kind, parseExpand({ config, kind, raw: expand }).tree) ? fromNow() : ''
}

const expandDescription = [
  `Comma-separated references to answer as the records they name (in their partner shape) instead of their ids, at most ${expandPathsMax} paths, each at most ${expandDepth} references deep (\`work.image\`).`,
  'A record is read as this key reads it: only its tenant, only published records for a read key; with `draft=true` the expanded records are their latest versions too. A reference the key cannot read by itself (another tenant, unpublished, deleted) stays its id.',
  `\`performances\` (events and venues) answers the next ${joinedPerRecord} performances that are not hidden, from now by \`startDate\`, and \`performancesMore\`: \`{ total, next }\`, their count and the list query for the rest (null when none). Events have no venue reference (their \`venue\` is text): expand \`performances.venue\`; \`expand=venue\` on events is a 400.`,
  'Unknown paths, paths deeper than two and fields that are not references are a 400 naming each.',
].join(' ')

/** `expand` and `select` as the document states them for the kind. */
export const shapeParameters = ({
  config,
  kind,
}: {
  config: SanitizedConfig
  kind: Kind
}): Parameter[] => {
  const paths = expandPathsOf({ config, kind })
  return [
    ...(paths.length > 0
      ? [
          {
            name: 'expand',
            in: 'query',
            description: expandDescription,
            style: 'form',
            explode: false,
            schema: {
              type: 'array',
              items: { type: 'string', enum: paths },
              maxItems: expandPathsMax,
            },
          } satisfies Parameter,
        ]
      : []),
    {
      name: 'select',
      in: 'query',
      description:
        'Comma-separated top-level fields to answer, and `id` always: the others are left out (an expanded reference among them is still expanded, one left out is not). Unknown fields are a 400 naming them.',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: selectableOf({ config, kind }) } },
    } satisfies Parameter,
  ]
}
