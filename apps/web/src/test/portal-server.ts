import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (apps/server/src/test/pglite-template-setup.ts). */
    pgliteTemplate: string;
  }
}

// The repository root (this file is apps/web/src/test/); a string path, as happy-dom replaces the global URL.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type PortalServer = {
  url: string;
  /** The newest code sent to this address (e-mail) or number (SMS), from the development mailbox. */
  readCode(to: string, channel?: 'email' | 'sms', subject?: RegExp): Promise<string>;
  /** A JSON call to the portal API, as another client would make it. */
  call<T>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: http.IncomingHttpHeaders }>;
  /** Signs up, confirms with the e-mailed code and logs in, all through the API. */
  createUser(
    email: string,
    password?: string,
    captchaFor?: (action: string) => string,
    names?: { firstName: string; lastName: string },
  ): Promise<TokenSet>;
  close(): Promise<void>;
};

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Node's own HTTP client: the test's global fetch is the page's (happy-dom), with its CORS rules. */
function request(
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal server exited (${child.exitCode}):\n${log()}`);
    const healthy = await request('GET', `${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`portal server not healthy within 90 s:\n${log()}`);
}

/**
 * The real server (portal role, fresh PGlite directory, e-mail and SMS kept in the outbox) on a free port,
 * for screen tests that must talk to the API they will talk to in production. Start it before the app's
 * modules load and point the page at it (happyDOM.setURL), so requests are same-origin as in production.
 * `beforeStart` runs a command on the database while no server holds it (PGlite: one process at a time),
 * e.g. `npm run staff:create` (`portal-staff.ts`).
 */
export async function startPortalServer(
  env: Record<string, string> = {},
  { beforeStart }: { beforeStart?: (dataDir: string) => void } = {},
): Promise<PortalServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cotacep-web-test-'));
  // The migrated database the web project's global setup made: the server finds nothing to migrate.
  mkdirSync(path.join(dataDir, 'pglite'));
  const untar = spawnSync('tar', ['-xzf', inject('pgliteTemplate'), '-C', path.join(dataDir, 'pglite')]);
  if (untar.status !== 0) throw new Error(`cannot unpack the database template: ${untar.stderr}`);
  beforeStart?.(dataDir);
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'test',
      ROLE: 'portal',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      CAPTCHA_PROVIDER: 'off',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  await waitUntilHealthy(url, child, () => stderr);

  const call: PortalServer['call'] = async (method, route, body, token, headers = {}) => {
    const response = await request(
      method,
      `${url}/api${route}`,
      body === undefined ? undefined : JSON.stringify(body),
      {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    );
    const isJson = String(response.headers['content-type']).includes('json');
    const parsed = isJson && response.text ? JSON.parse(response.text) : null;
    return { status: response.status, body: parsed as never, headers: response.headers };
  };

  const readCode: PortalServer['readCode'] = async (to, channel = 'email', subject) => {
    const box = channel === 'sms' ? '/dev/mailbox/sms' : '/dev/mailbox';
    const { body } = await call<{ messages: { text: string; subject: string | null }[] }>(
      'GET',
      `${box}?${new URLSearchParams({ to })}`,
    );
    const newest = body.messages.find((message) => !subject || subject.test(message.subject ?? ''));
    const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
    if (!code) throw new Error(`no ${channel} code for ${to}`);
    return code;
  };

  return {
    url,
    call,
    readCode,
    async createUser(
      email,
      password = 'a long enough password',
      captchaFor,
      names = { firstName: 'Tess', lastName: 'Tester' },
    ) {
      const signup = { ...names, email, password, confirmPassword: password };
      await call('POST', '/auth/signup', { ...signup, captchaToken: captchaFor?.('signup') });
      await call('POST', '/auth/signup/confirm', { email, code: await readCode(email) });
      const login = await call<TokenSet>('POST', '/auth/login', {
        email,
        password,
        captchaToken: captchaFor?.('login'),
      });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return login.body;
    },
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
