import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type LocalhostPortal = { baseURL: string; close: () => Promise<void> };

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as net.AddressInfo) ?? { port: 0 };
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited (${child.exitCode}):\n${log()}`);
    const isHealthy = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`portal not healthy within 150 s:\n${log()}`);
}

/**
 * The portal (built SPA and APIs, fresh PGlite directory) at `http://localhost:<port>`. Passkeys need a
 * host name: WebAuthn refuses an IP address as the relying party, and the relying party is PUBLIC_URL's
 * host, so the journeys on the shared servers (http://127.0.0.1) cannot create or use one. No bot
 * protection; its e-mail goes to the journeys' SMTP server (E2E_SMTP_PORT).
 */
export async function startLocalhostPortal(env: Record<string, string> = {}): Promise<LocalhostPortal> {
  const port = await findFreePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cotacep-e2e-localhost-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      CAPTCHA_PROVIDER: 'off',
      DEMO_SEED: 'false',
      CODE_MAX_PER_IP_PER_HOUR: '100000',
      CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: '100000',
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, () => stderr);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    baseURL,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
