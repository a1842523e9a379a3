import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { totpFactors } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';
import { createAccount, GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditEntriesOf } from '../../test/audit-entries.ts';
import { uniqueEmail } from '../../test/auth-flows.ts';
import { totpCode } from '../../test/totp.ts';
import { describeStaffCreate, parseStaffCreateArgs, StaffCreateError } from './staff-create.ts';
import { makeStaff, signInStaff } from './test-support/staff.ts';

/** Issue 26 item 3: `npm run staff:create`, and the shorter sessions staff get. */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, STAFF_SESSION_TTL_HOURS: '3' } });
}, 60_000);
afterAll(() => test.close());

const userByEmail = async (email: string) =>
  (await test.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('its arguments', () => {
  it('reads --email, --role and --name, with a space or an equals sign', () => {
    expect(parseStaffCreateArgs(['--email', 'a@b.co', '--role', 'staff', '--name', 'Ana Souza'])).toEqual({
      email: 'a@b.co',
      role: 'staff',
      name: 'Ana Souza',
    });
    expect(parseStaffCreateArgs(['--email=a@b.co', '--role=support'])).toEqual({
      email: 'a@b.co',
      role: 'support',
      name: undefined,
    });
  });

  it('refuses what it does not understand, with the usage line', () => {
    for (const argv of [
      [],
      ['--email', 'a@b.co'],
      ['--role', 'staff'],
      ['--email', '--role', 'staff'],
      ['--email', 'a@b.co', '--role', 'staff', '--admin'],
      ['--email', 'a@b.co', '--email', 'c@d.co', '--role', 'staff'],
      ['a@b.co'],
    ]) {
      expect(() => parseStaffCreateArgs(argv), argv.join(' ')).toThrow(StaffCreateError);
    }
    expect(() => parseStaffCreateArgs(['--role', 'staff'])).toThrow(
      /--email is required\nusage: npm run staff:create/,
    );
  });
});

describe('createStaff', () => {
  it('creates a confirmed account with a random password and an authenticator app, which a sign-in then asks for', async () => {
    const email = uniqueEmail('new-staff');
    const result = await makeStaff(test.database.db, 'staff', email.toUpperCase());
    expect(result).toMatchObject({ email, role: 'staff', created: true, roleChanged: true });
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(result.totp?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(result.totp?.otpauthUrl).toContain(`otpauth://totp/Cotacep:${encodeURIComponent(email)}`);

    const row = await userByEmail(email);
    expect(row).toMatchObject({ staffRole: 'staff', firstName: 'Staff', lastName: 'staff' });
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    const membership = await test.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, result.userId));
    expect(membership).toEqual([expect.objectContaining({ organizationId: result.userId, role: 'owner' })]);
    const [factor] = await test.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, result.userId));
    expect(factor?.confirmedAt).toBeInstanceOf(Date);
    expect(factor?.secretEncrypted).not.toContain(result.totp!.secret);
    const entries = await auditEntriesOf(test.database.db, { userId: result.userId });
    expect(entries.map((entry) => entry.event)).toEqual(['account.signed_up', 'auth.factor_added']);
    for (const entry of entries) expect(JSON.stringify(entry)).not.toContain(result.totp!.secret);

    // The password alone does not sign in: the authenticator's code is asked for, and then it does.
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: result.password },
    });
    expect(login.json().challenge.methods).toContain('totp');
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login/challenge',
      payload: {
        session: login.json().challenge.session,
        method: 'totp',
        code: totpCode(result.totp!.secret),
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const overview = await test.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { authorization: `Bearer ${answer.json().accessToken}` },
    });
    expect(overview.statusCode).toBe(200);
    const account = await test.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${answer.json().accessToken}` },
    });
    expect(account.json().staffRole).toBe('staff');

    const printed = describeStaffCreate(result);
    expect(printed).toContain(`created ${email} as staff`);
    expect(printed).toContain(result.password);
    expect(printed).toContain(result.totp!.secret);
    expect(printed).toContain(result.totp!.otpauthUrl);
  });

  it('is idempotent: a second run changes nothing and shows no secret; a new role is applied', async () => {
    const email = uniqueEmail('twice');
    const first = await makeStaff(test.database.db, 'support', email);
    const again = await makeStaff(test.database.db, 'support', email);
    expect(again).toMatchObject({
      userId: first.userId,
      created: false,
      roleChanged: false,
      password: null,
      totp: null,
    });
    expect(describeStaffCreate(again)).toBe(`${email} is already support; nothing changed`);
    const promoted = await makeStaff(test.database.db, 'staff', email);
    expect(promoted).toMatchObject({ created: false, roleChanged: true, password: null, totp: null });
    expect((await userByEmail(email))?.staffRole).toBe('staff');
    expect(await test.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('promotes an existing customer, keeping their password, and enrols an authenticator app when they have none', async () => {
    const customer = await createAccount(test.app, test.database.db);
    const result = await makeStaff(test.database.db, 'support', customer.email);
    expect(result).toMatchObject({
      userId: customer.userId,
      created: false,
      roleChanged: true,
      password: null,
    });
    expect(result.totp).not.toBeNull();
    expect((await userByEmail(customer.email))?.staffRole).toBe('support');
  });

  it('refuses a bad address, role or name, and a closed account, changing nothing', async () => {
    const db = test.database.db;
    const email = uniqueEmail('bad');
    const bad = [
      { email: 'not an address', role: 'staff' },
      { email, role: 'admin' },
      { email, role: 'staff', name: '   ' },
      { email, role: 'staff', name: 'Eve <eve@evil.example>' },
    ] as const;
    const { createStaff } = await import('./staff-create.ts');
    for (const input of bad) {
      await expect(
        createStaff(db, { appSecret: 'x'.repeat(32), issuer: 'Cotacep' }, input as never),
      ).rejects.toThrow(StaffCreateError);
    }
    expect(await userByEmail(email)).toBeUndefined();
    const closed = await createAccount(test.app, db);
    await db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.id, closed.userId));
    await expect(
      createStaff(
        db,
        { appSecret: 'x'.repeat(32), issuer: 'Cotacep' },
        { email: closed.email, role: 'staff' },
      ),
    ).rejects.toThrow(/closed and anonymised/);
    expect((await userByEmail(closed.email))?.staffRole).toBeNull();
  });
});

describe('staff sessions', () => {
  it('last STAFF_SESSION_TTL_HOURS instead of REFRESH_TOKEN_TTL_DAYS', async () => {
    const staff = await signInStaff(test.app, test.database.db, 'staff');
    const [session] = await test.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, staff.userId));
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(3 * 3_600_000);
    const customer = await createAccount(test.app, test.database.db);
    const [theirs] = await test.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, customer.userId));
    expect(theirs!.expiresAt.getTime() - theirs!.createdAt.getTime()).toBe(30 * 86_400_000);
  });

  it('refuses the console to a session opened before its account became staff once it is older than a staff session', async () => {
    const customer = await createAccount(test.app, test.database.db);
    await makeStaff(test.database.db, 'staff', customer.email);
    const headers = customer.headers;
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/overview', headers })).statusCode).toBe(
      200,
    );
    await test.database.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 4 * 3_600_000) })
      .where(eq(authSessions.userId, customer.userId));
    const response = await test.app.inject({ method: 'GET', url: '/api/admin/overview', headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('the command', () => {
  const run = promisify(execFile);
  const script = path.resolve(import.meta.dirname, '../../../scripts/staff-create.ts');
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'staff-create-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const command = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      cwd: path.dirname(script),
    });

  it('creates a staff member, then changes nothing, and exits 1 on bad input', async () => {
    const first = await command(['--email', 'ops@cotacep.test', '--role', 'staff', '--name', 'Ana Souza']);
    expect(first.stdout).toContain('created ops@cotacep.test as staff');
    expect(first.stdout).toMatch(/secret \(base32\): [A-Z2-7]{32}/);
    const second = await command(['--email=ops@cotacep.test', '--role=staff']);
    expect(second.stdout.trim()).toBe('ops@cotacep.test is already staff; nothing changed');
    await expect(command(['--email', 'ops@cotacep.test', '--role', 'owner'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--role must be staff or support, not "owner"'),
    });
    await expect(command(['--email', 'ops@cotacep.test'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--role is required'),
    });
  }, 120_000);
});
