import type { DestinationStream, Logger, LoggerOptions } from 'pino'
import pino from 'pino'

import { currentRequest } from './requestContext'
import { readSettings } from './settings'

/**
 * Every line logged while a request is under way names it, whoever logs it: Payload, a hook, a
 * plugin. One store lookup a line.
 */
const withRequestId = (): object => {
  const request = currentRequest()
  return request ? { requestId: request.id } : {}
}

// Written behind the request rather than blocking it on the pipe; flushed at shutdown.
const destinationKey = Symbol.for('arts-cms.logDestination')
type Destination = ReturnType<typeof pino.destination>
const destination = (): Destination => {
  const holder = globalThis as { [destinationKey]?: Destination }
  holder[destinationKey] ??= pino.destination({ dest: 1, sync: false })
  return holder[destinationKey]
}

const options = (name: string): LoggerOptions => ({
  name,
  level: readSettings().logLevel,
  mixin: withRequestId,
})

/**
 * Payload's logger in production: its own pino with JSON lines (Payload's default is pino
 * made pretty, for a person at a terminal) that carry the request id. In development Payload
 * keeps its own.
 */
export const payloadLoggerConfig = (): {
  options: LoggerOptions
  destination: DestinationStream
} => ({
  options: options('payload'),
  destination: destination(),
})

/** The server's own logger, for what happens before and around Payload: the access lines. */
export const serverLogger = (): Logger => pino(options('cms'), destination())

/** Writes what the loggers still hold; before the process exits. */
export const flushLogs = (): void => {
  try {
    destination().flushSync()
  } catch {
    // Nothing written yet: sonic-boom cannot flush before it has opened.
  }
}
