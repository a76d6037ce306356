import { randomUUID } from 'node:crypto'

/** What an incoming id may be: short, and safe in a header, a log line and a label. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The request's id: the one a trusted proxy (a balancer that made it, or passed on the
 * client's) sent, if it is sane, else a new UUID. From anyone else the header is ignored, so a
 * client cannot pass its requests off as another's in the logs.
 */
export const requestIdOf = ({
  incoming,
  fromTrustedPeer,
}: {
  incoming: string | string[] | undefined
  fromTrustedPeer: boolean
}): string =>
  fromTrustedPeer && typeof incoming === 'string' && saneRequestId.test(incoming)
    ? incoming
    : randomUUID()

export const requestIdHeader = 'x-request-id'
