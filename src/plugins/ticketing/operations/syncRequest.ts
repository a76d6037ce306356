import { validationFailed } from '../../../lib/partnerProblem'
import { validateAgainst, type JsonSchema } from '../../partnerApi/exports/routes'
import { runKinds } from '../defaults'
import type { RunKind } from '../types'

/**
 * The body of a sync request, the one rule for both doors: the partner route documents and
 * checks it, and the admin's `POST /api/ticketing-connections/:id/sync` checks it the same way.
 */
export const syncRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: {
      type: 'string',
      enum: [...runKinds],
      default: 'sync',
      description:
        '`sync`: a full sync. `availability`: refresh only availability and on-sale state of the performances in the next `availabilityDaysAhead` days (takes neither `dryRun` nor `confirmRemovals`).',
    },
    dryRun: {
      type: 'boolean',
      default: false,
      description: 'true: a preview. The run answers its `plan` and writes nothing else.',
    },
    confirmRemovals: {
      type: 'boolean',
      default: false,
      description:
        "Go ahead although the run hides more than the connection's `removalLimitPercent` of its future performances (a run that stopped for that says `needsConfirmation`).",
    },
  },
}

export type SyncRequest = { kind: RunKind; dryRun: boolean; confirmRemovals: boolean }

/**
 * A sync request read from a parsed JSON body; anything else (an array, a string, null, an
 * unknown or misspelt name, a flag that is not a boolean) throws the partner API's 400
 * problem naming each offending field.
 */
export const readSyncRequest = (body: unknown): SyncRequest => {
  const read = validateAgainst<Partial<SyncRequest>>({ schema: syncRequestSchema, body })
  const kind = read.kind ?? 'sync'
  // A refresh is never a preview and hides nothing, so neither flag means anything with it.
  const misplaced = (['dryRun', 'confirmRemovals'] as const).filter(
    (field) => kind === 'availability' && read[field] !== undefined,
  )
  if (misplaced.length > 0)
    validationFailed(
      misplaced.map((field) => ({
        field,
        message: 'An availability refresh takes no dryRun or confirmRemovals.',
      })),
    )
  return { kind, dryRun: read.dryRun === true, confirmRemovals: read.confirmRemovals === true }
}
