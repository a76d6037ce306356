import type { DestinationStream, LoggerOptions } from 'pino'
import os from 'node:os'

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

/**
 * Lines gather up to this many bytes before they are written, and are written at least this
 * often: a write a line cost a cached read a tenth of its time.
 */
const gatherBytes = 8_192
const gatherMs = 100

// Written behind the request rather than blocking it on the pipe; flushed at shutdown.
const destinationKey = Symbol.for('arts-cms.logDestination')
type Destination = ReturnType<typeof pino.destination>
const destination = (): Destination => {
  const holder = globalThis as { [destinationKey]?: Destination }
  if (!holder[destinationKey]) {
    const made = pino.destination({ dest: 1, sync: false, minLength: gatherBytes })
    setInterval(() => {
      try {
        made.flush()
      } catch {
        // Not open yet, or closed at exit: the next tick or `flushLogs` writes the rest.
      }
    }, gatherMs).unref()
    holder[destinationKey] = made
  }
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

/**
 * The access lines: one a request, so written without pino's general machinery (a line cost a
 * cached read a sixteenth of its time through it), in the very shape pino writes, to the same
 * destination, at level info (none when the log level is above it).
 */
export const accessLogger = (): ((fields: Record<string, unknown>) => void) => {
  const level = readSettings().logLevel
  const threshold = level === 'silent' ? Infinity : (pino.levels.values[level] ?? 30)
  if (threshold > 30) return () => undefined
  const out = destination()
  const head = `{"level":30,"time":`
  const tail = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"name":"cms",`
  return (fields) => {
    const body = JSON.stringify(fields)
    out.write(`${head}${Date.now()}${tail}${body.slice(1)}\n`)
  }
}

/** Writes what the loggers still hold; before the process exits. */
export const flushLogs = (): void => {
  try {
    destination().flushSync()
  } catch {
    // Nothing written yet: sonic-boom cannot flush before it has opened.
  }
}
