import path from 'node:path'
import { Worker } from 'node:worker_threads'

import { markdownDefaults } from './markdownDefaults'

type Answer = { value: Record<string, unknown> } | { problem: string }
type Job = { markdown: string; resolve: (answer: Answer) => void }

/**
 * Markdown is converted off the event loop, one conversion at a time, each within a time
 * budget: CommonMark parsers are superlinear on hostile input (a 100 kB body of `*a` takes
 * a minute), and a request that takes the process with it takes every tenant. A conversion
 * that overruns ends its thread; the next one starts a fresh thread.
 */
let worker: Promise<Worker> | undefined
const queue: Job[] = []
let running = false
let nextId = 1

const start = (): Promise<Worker> =>
  new Promise((resolve, reject) => {
    // The app runs from the project root (server.ts under tsx), which the thread shares.
    const thread = new Worker(
      path.join(process.cwd(), 'src/plugins/partnerApi/richText/markdownWorker.ts'),
      {
        execArgv: ['--import', 'tsx'],
        resourceLimits: { maxOldGenerationSizeMb: markdownDefaults.memoryMb },
      },
    )
    thread.unref()
    // A thread that fails says so by exiting too, which the conversion under way hears.
    thread.on('error', () => undefined)
    thread.once('message', () => resolve(thread))
    thread.once('error', reject)
  })

const convertOne = async (markdown: string): Promise<Answer> => {
  const thread = await (worker ??= start()).catch((error: unknown) => {
    worker = undefined
    throw error
  })
  const id = nextId++
  return new Promise<Answer>((resolve) => {
    const done = (answer: Answer) => {
      clearTimeout(timer)
      thread.off('message', onMessage)
      thread.off('exit', onExit)
      resolve(answer)
    }
    const onMessage = (message: {
      id?: number
      value?: Record<string, unknown>
      problem?: string
    }) => {
      if (message.id !== id) return
      done(message.problem !== undefined ? { problem: message.problem } : { value: message.value! })
    }
    const onExit = () => {
      worker = undefined
      done({ problem: 'The Markdown could not be converted.' })
    }
    const timer = setTimeout(() => {
      worker = undefined
      thread.off('exit', onExit)
      void thread.terminate()
      done({
        problem: `The Markdown takes too long to convert (over ${markdownDefaults.budgetMs} ms); send the rich text as JSON, or simpler Markdown.`,
      })
    }, markdownDefaults.budgetMs)
    thread.on('message', onMessage)
    thread.once('exit', onExit)
    thread.postMessage({ id, markdown })
  })
}

const drain = async (): Promise<void> => {
  if (running) return
  running = true
  try {
    for (let job = queue.shift(); job; job = queue.shift())
      job.resolve(
        await convertOne(job.markdown).catch(() => ({
          problem: 'The Markdown could not be converted.',
        })),
      )
  } finally {
    running = false
  }
}

/** Conversions waiting or under way, by owner (a tenant). */
const owners = new Map<string, number>()

/**
 * Converts Markdown to the editor's JSON, or says why not; or, without starting, which bound it
 * is over: its owner's share (one tenant cannot fill the queue for the others) or the queue's.
 */
export const convertMarkdown = ({
  markdown,
  owner,
}: {
  markdown: string
  owner: string
}): Promise<Answer> | { over: 'owner' | 'total' } => {
  const mine = owners.get(owner) ?? 0
  if (mine >= markdownDefaults.perOwner) return { over: 'owner' }
  if (queue.length >= markdownDefaults.maxWaiting) return { over: 'total' }
  owners.set(owner, mine + 1)
  return new Promise<Answer>((resolve) => {
    queue.push({
      markdown,
      resolve: (answer) => {
        const left = (owners.get(owner) ?? 1) - 1
        if (left > 0) owners.set(owner, left)
        else owners.delete(owner)
        resolve(answer)
      },
    })
    void drain()
  })
}
