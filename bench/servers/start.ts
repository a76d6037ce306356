import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * One of this folder's servers in its own process, as the app runs in its own: given `input`
 * as JSON on stdin, it prints the port it listens on. Stopped with SIGTERM.
 */
export const startBenchServer = ({
  script,
  input,
}: {
  script: 'plain.ts' | 'rawSql.ts'
  input: unknown
}): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /^(\d+)\n/.exec(out)?.[1]
      if (!port) return
      resolve({
        origin: `http://127.0.0.1:${port}`,
        pid: child.pid ?? 0,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
    child.stdin.end(JSON.stringify(input))
  })

/** The JSON a bench server was started with. */
export const readInput = async <T>(): Promise<T> => {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T
}
