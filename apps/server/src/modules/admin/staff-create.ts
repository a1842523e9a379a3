import { randomBytes } from 'node:crypto';
import { emailField } from '@cotacep/shared/auth-fields';
import { STAFF_ROLES, type StaffRole } from '@cotacep/shared/staff-roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totpFactors } from '../../db/schema/second-factors.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit, SYSTEM_CONTEXT } from '../audit/record.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUserByEmail } from '../auth/users.ts';
import { foundOrganization } from '../organizations/founding.ts';
import { sealSecret } from '../second-factors/secret-box.ts';
import { hasStrongFactor } from '../second-factors/strong-factors.ts';
import { createTotpSecret, totpUrl } from '../second-factors/totp.ts';

/** What `npm run staff:create` was asked for. */
export type StaffCreateInput = { email: string; role: StaffRole; name?: string | undefined };

export type StaffCreateResult = {
  userId: string;
  email: string;
  role: StaffRole;
  /** A new account was made (confirmed), with `password`. */
  created: boolean;
  /** The role was set or changed now (false: it already had it). */
  roleChanged: boolean;
  /** Only for a new account: shown once, never stored in clear. */
  password: string | null;
  /** An authenticator app was enrolled now (the account had none, nor a passkey): add it to an app. */
  totp: { otpauthUrl: string; secret: string } | null;
};

/** A mistake in what was asked: the command prints it and exits 1. */
export class StaffCreateError extends Error {
  override name = 'StaffCreateError';
}

const USAGE = 'usage: npm run staff:create -- --email <address> --role staff|support [--name "First Last"]';

/** Reads `--email a@b --role staff [--name "First Last"]` (also `--email=a@b`); throws StaffCreateError. */
export function parseStaffCreateArgs(argv: readonly string[]): StaffCreateInput {
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    const match = /^--(email|role|name)(?:=(.*))?$/.exec(argument);
    if (!match) throw new StaffCreateError(`unknown argument "${argument}"\n${USAGE}`);
    const name = match[1] as string;
    const value = match[2] ?? argv[++index];
    if (value === undefined || value.startsWith('--'))
      throw new StaffCreateError(`--${name} needs a value\n${USAGE}`);
    if (values.has(name)) throw new StaffCreateError(`--${name} was given twice\n${USAGE}`);
    values.set(name, value);
  }
  const email = values.get('email');
  const role = values.get('role');
  if (!email) throw new StaffCreateError(`--email is required\n${USAGE}`);
  if (!role) throw new StaffCreateError(`--role is required\n${USAGE}`);
  return { email, role: role as StaffRole, name: values.get('name') };
}

function splitName(name: string | undefined, email: string): { firstName: string; lastName: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: email.split('@')[0] as string, lastName: 'Staff' };
  if (words.length === 1) return { firstName: words[0] as string, lastName: 'Staff' };
  return { firstName: words[0] as string, lastName: words.slice(1).join(' ') };
}

/** A password no one will type twice: 24 random bytes, shown once, to be changed after the first sign-in. */
const randomPassword = () => randomBytes(18).toString('base64url');

/**
 * `npm run staff:create` (issue 26): makes a member of Cotacep's staff. An existing account is promoted (or its
 * role changed); otherwise a confirmed account is created with a random password, shown once. An account with
 * neither an authenticator app nor a passkey gets an authenticator app enrolled now (its key shown once), so its
 * first sign-in asks for a code. Running it again changes nothing and shows nothing secret.
 */
export async function createStaff(
  db: Db,
  options: { appSecret: string; issuer: string },
  input: StaffCreateInput,
): Promise<StaffCreateResult> {
  const email = emailField.safeParse(input.email);
  if (!email.success) throw new StaffCreateError(`"${input.email}" is not an e-mail address`);
  if (!STAFF_ROLES.includes(input.role)) {
    throw new StaffCreateError(`--role must be ${STAFF_ROLES.join(' or ')}, not "${input.role}"`);
  }
  if (
    input.name !== undefined &&
    (input.name.trim() === '' || input.name.length > 120 || /[\p{Cc}<>@]/u.test(input.name))
  ) {
    throw new StaffCreateError('--name must be a person’s name ("First Last"), at most 120 characters');
  }
  const address = email.data;
  const existing = await findUserByEmail(db, address);
  if (existing?.anonymisedAt)
    throw new StaffCreateError(`the account of ${address} was closed and anonymised`);

  let password: string | null = null;
  let userId: string;
  let roleChanged = false;
  if (existing) {
    userId = existing.id;
    if (existing.staffRole !== input.role) {
      await db
        .update(users)
        .set({ staffRole: input.role, updatedAt: new Date() })
        .where(eq(users.id, userId));
      roleChanged = true;
    }
  } else {
    password = randomPassword();
    const passwordHash = await hashPassword(password);
    const person = { email: address, ...splitName(input.name, address) };
    userId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...person, emailConfirmedAt: new Date(), staffRole: input.role })
        .returning({ id: users.id });
      const id = (row as { id: string }).id;
      await foundOrganization(tx, { id, ...person });
      await tx.insert(userCredentials).values({ userId: id, passwordHash });
      await recordAudit(tx, SYSTEM_CONTEXT, {
        event: 'account.signed_up',
        userId: id,
        details: { via: 'staff:create' },
      });
      return id;
    });
    roleChanged = true;
  }

  let totp: StaffCreateResult['totp'] = null;
  if (!(await hasStrongFactor(db, userId))) {
    const secret = createTotpSecret();
    const sealed = sealSecret(options.appSecret, 'totp', userId, secret);
    const now = new Date();
    await db.transaction(async (tx) => {
      // An unconfirmed enrolment the person had started is replaced by this confirmed one.
      await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
      await tx.insert(totpFactors).values({
        userId,
        secretEncrypted: sealed,
        enrolAttempts: 0,
        createdAt: now,
        confirmedAt: now,
      });
      await recordAudit(tx, SYSTEM_CONTEXT, {
        event: 'auth.factor_added',
        userId,
        details: { method: 'totp', via: 'staff:create' },
      });
    });
    totp = { otpauthUrl: totpUrl(secret, options.issuer, address), secret };
  }
  return {
    userId,
    email: address,
    role: input.role,
    created: existing === null,
    roleChanged,
    password,
    totp,
  };
}

/** What the command prints: what changed, and each secret once. */
export function describeStaffCreate(result: StaffCreateResult): string {
  const lines = [
    result.created
      ? `created ${result.email} as ${result.role} (e-mail confirmed)`
      : result.roleChanged
        ? `${result.email} is now ${result.role}`
        : `${result.email} is already ${result.role}; nothing changed`,
  ];
  if (result.password) lines.push(`password (shown once; change it after signing in): ${result.password}`);
  if (result.totp) {
    lines.push(
      'authenticator app enrolled: add it to the app now, the first sign-in asks for its code',
      `  otpauth URI: ${result.totp.otpauthUrl}`,
      `  secret (base32): ${result.totp.secret}`,
    );
  }
  return lines.join('\n');
}
