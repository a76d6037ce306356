import type { Where } from 'payload'

import type { PartnerPrincipal } from '../keys/authorize'
import type { Kind } from '../kinds/model'
import { fail } from '../../../lib/partnerProblem'
import { publishedOnly } from '../../../access/published'

/**
 * Which version of a draft kind's record a read answers: the published one (what a website
 * shows; a record never published does not exist for it), or the latest, drafts included.
 * Kinds without drafts have one version, and read the same either way.
 */
export type ReadVersion = 'published' | 'latest'

/**
 * The version a read asks for: published unless `draft=true`, which only a key that may write
 * gets (a read key is the website's: an editor's unsaved work is not for it).
 */
export const readVersionOf = ({
  principal,
  draft,
  parameter = 'draft=true',
}: {
  principal: PartnerPrincipal
  draft: boolean
  /** How the request asked for drafts, for the 403's words. */
  parameter?: string
}): ReadVersion => {
  if (draft && principal.key.scope !== 'write')
    fail({
      status: 403,
      detail: `This API key may only read published records; "${parameter}" needs a key that may write.`,
    })
  return draft ? 'latest' : 'published'
}

/** What the version asks of Payload: its table, and only published records of it. */
export const versionFilter = ({
  kind,
  version,
}: {
  kind: Kind
  version: ReadVersion
}): { draft: boolean; where?: Where } =>
  !kind.drafts
    ? { draft: false }
    : version === 'latest'
      ? { draft: true }
      : { draft: false, where: publishedOnly }
