import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../src/db/embeddedPostgres'
import { waitUntil } from './app'

export type Balancer = {
  origin: string
  /** The nginx access log: one `upstream status method uri request-id` line per request. */
  accessLog: () => string[]
  /** The log's lines from line `from` once `count` are there: nginx logs a request after answering it. */
  loggedSince: (options: { from: number; count: number }) => Promise<string[]>
  stop: () => Promise<void>
}

/** Debian's nginx, where `.ci/run` installs it; `NGINX_PATH` names another. */
export const nginxPath = (): string => {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']
  const found = candidates.find((c): c is string => Boolean(c) && fs.existsSync(c!))
  if (!found) throw new Error('nginx is not installed: apt-get install nginx-light')
  return found
}

/**
 * The balancer the README's deployment puts in front of the instances (`deploy/nginx.conf`):
 * round robin, the client's address in `X-Forwarded-For` (replacing whatever it sent), a request id, and a retry on the next
 * instance when one cannot be reached, for idempotent requests only: without `non_idempotent`
 * nginx never sends a POST, PATCH or LOCK twice, since the first instance may have written it.
 */
const configOf = ({
  dir,
  port,
  upstreams,
}: {
  dir: string
  port: number
  upstreams: string[]
}): string => `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstreams '$upstream_addr $status $request_method $request_uri $request_id';
  access_log ${dir}/access.log upstreams;
  client_max_body_size 0;
  upstream cms {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://cms;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`

/** Starts nginx on a free loopback port in front of `upstreams` (`127.0.0.1:port` each). */
export const startBalancer = async ({ upstreams }: { upstreams: string[] }): Promise<Balancer> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-nginx-'))
  const port = await freePort()
  const conf = path.join(dir, 'nginx.conf')
  fs.writeFileSync(conf, configOf({ dir, port, upstreams }))
  const bin = nginxPath()
  const test = spawnSync(bin, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' })
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`)
  let output = ''
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
  const orphanGuard = (): void => {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  process.once('exit', orphanGuard)
  const origin = `http://127.0.0.1:${port}`
  await waitUntil({
    what: `nginx to listen on ${origin}\n${output}`,
    timeoutMs: 10_000,
    check: async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`)
      await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) })
      return true
    },
  })
  const accessLog = (): string[] => {
    try {
      return fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean)
    } catch {
      return []
    }
  }
  return {
    origin,
    accessLog,
    loggedSince: async ({ from, count }) => {
      const deadline = Date.now() + 5_000
      for (;;) {
        const lines = accessLog().slice(from)
        if (lines.length >= count || Date.now() > deadline) return lines
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    stop: async () => {
      process.removeListener('exit', orphanGuard)
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGQUIT')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
