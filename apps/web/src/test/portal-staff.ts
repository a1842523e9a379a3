import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { type AuthenticatorApp, createAuthenticatorApp } from './portal-second-factors.ts';
import type { PortalServer } from './portal-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type StaffMember = { email: string; password: string; app: AuthenticatorApp };

/**
 * Cotacep's staff as an operator makes them (issue 26): `npm run staff:create` on the portal's database before
 * the server starts (`startPortalServer`'s `beforeStart`), its password and authenticator key read from the
 * command's output.
 */
export function createStaffMember(dataDir: string, email: string, role: 'staff' | 'support'): StaffMember {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/staff-create.ts', '--email', email, '--role', role],
    { cwd: root, encoding: 'utf8', env: { ...env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  const password = /^password[^:\n]*:\s*(\S+)/im.exec(run.stdout)?.[1];
  const secret = /secret[^:\n]*:\s*([A-Z2-7]+)\s*$/im.exec(run.stdout)?.[1];
  if (run.status !== 0 || !password || !secret) {
    throw new Error(`staff:create failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  return { email, password, app: createAuthenticatorApp(secret) };
}

/** Signs a staff member in through the API: the password, then the authenticator app's code. */
export async function signInStaffMember(server: PortalServer, staff: StaffMember): Promise<TokenSet> {
  const login = await server.call<{ challenge?: { session: string } }>('POST', '/auth/login', {
    email: staff.email,
    password: staff.password,
  });
  const session = login.body.challenge?.session;
  if (!session) throw new Error(`no second step for staff: ${JSON.stringify(login.body)}`);
  const answer = await server.call<TokenSet>('POST', '/auth/login/challenge', {
    session,
    method: 'totp',
    code: await staff.app.nextCode(),
  });
  if (answer.status !== 200) throw new Error(`staff sign-in refused: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
