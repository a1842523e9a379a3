import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real process: listens, migrates PGlite under DATA_DIR, shuts down on SIGTERM, keeps its data.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-server-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

async function xsrfCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session/xsrf`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!
    .split('=')[1]!;
}

describe('server.ts', () => {
  it('serves, stops cleanly on SIGTERM and keeps its data across a restart', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const token = await xsrfCookie(first.url);
    first.child.kill('SIGTERM');
    const [code] = await once(first.child, 'exit');
    expect(code).toBe(0);

    // The locally generated secret survived: a token issued before the restart is still valid.
    const second = await startServer({ DATA_DIR: dataDir });
    const check = await fetch(`${second.url}/api/session/xsrf`, {
      headers: { cookie: `XSRF-TOKEN=${token}` },
    });
    expect(check.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  }, 90_000);

  it('refuses to start with a bad variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  }, 30_000);
});
