import path from 'node:path'
import { Worker } from 'node:worker_threads'

import { fairQueue } from '../../../lib/fairQueues'
import type { FairShareRefusal } from '../../../lib/fairShare'
import { markdownDefaults } from './markdownDefaults'

type Answer = { value: Record<string, unknown> } | { problem: string }

/**
 * Markdown is converted off the event loop, one conversion at a time, each within a time
 * budget: CommonMark parsers are superlinear on hostile input (a 100 kB body of `*a` takes
 * a minute), and a request that takes the process with it takes every tenant. A conversion
 * that overruns ends its thread; the next one starts a fresh thread. Whose conversion is next is
 * the `markdown` fair queue's (one place: the thread), so a tenant's flood is its own backlog.
 */
let worker: Promise<Worker> | undefined
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

/**
 * Converts Markdown to the editor's JSON, or says why not; or, without converting, which bound
 * kept it out: its tenant's share of the converter, or everyone's.
 */
export const convertMarkdown = async ({
  markdown,
  owner,
}: {
  markdown: string
  owner: string
}): Promise<Answer | FairShareRefusal> => {
  const answer = await fairQueue({ name: 'markdown' }).run({
    owner,
    task: () =>
      convertOne(markdown).catch((): Answer => ({
        problem: 'The Markdown could not be converted.',
      })),
  })
  return 'over' in answer ? answer : answer.value
}
