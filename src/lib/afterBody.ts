import type { IncomingMessage } from 'node:http'

/**
 * Runs `answer` once the client has sent its whole body, discarding what is left of it. A client
 * that is still sending reads no answer (it sees a reset connection if the socket closes under
 * it), so an early answer (413, 401) waits for the rest; one that keeps sending past the
 * deadline is cut off.
 */
export const afterBody = ({
  req,
  answer,
  deadlineMs = 30_000,
}: {
  req: IncomingMessage
  answer: () => void
  deadlineMs?: number
}): void => {
  if (req.complete) return answer()
  const cutOff = setTimeout(() => req.socket.destroy(), deadlineMs)
  req.once('end', () => {
    clearTimeout(cutOff)
    answer()
  })
  req.once('error', () => clearTimeout(cutOff))
  req.resume()
}
