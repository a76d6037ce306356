import { parentPort } from 'node:worker_threads'

import { MarkdownProblem, markdownToLexical } from './markdownToLexical'

/** One conversion per message; the thread is the budget's to stop (see `markdownInput.ts`). */
parentPort?.on('message', ({ id, markdown }: { id: number; markdown: string }) => {
  try {
    parentPort?.postMessage({ id, value: markdownToLexical(markdown) })
  } catch (error) {
    parentPort?.postMessage({
      id,
      problem:
        error instanceof MarkdownProblem ? error.message : 'The Markdown could not be converted.',
    })
  }
})
parentPort?.postMessage({ ready: true })
