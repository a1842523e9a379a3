import type { SignupRequest } from '@cotacep/shared/auth-schemas';
import { LANGUAGES, type Language } from '@cotacep/shared/languages';
import { eq, sql } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderSignupAttemptEmail } from '../mail/signup-attempt-email.ts';
import { founderOrganizationName } from '../organizations/founding.ts';
import { claimDeliverySlot, type Requester, withinDeliveryLimits } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { findUserByEmail } from './users.ts';
import { consumeVerificationCode, sendVerificationCode } from './verification-codes.ts';

/**
 * Creates the account, or nothing when the address has one; true when this request created it. Both
 * answers do the same work against the database (decision 017; issue 22 found a new address slower on
 * PostgreSQL): the password hashed, then one transaction with the same two statements, committed alike.
 * The INSERT … ON CONFLICT DO NOTHING stores the credentials in the same statement (a data-modifying CTE),
 * so a new address costs no extra round trip, and the requester's hourly delivery limits (the client IP's,
 * the e-mail domain's) are taken by both, so both commits write. Over a limit: a 429, and nothing stored.
 */
export async function createAccount(
  identity: Identity,
  body: SignupRequest,
  language: Language,
  requester: Requester,
): Promise<boolean> {
  assertPasswordPolicy(body.password);
  const entry = LANGUAGES.find((candidate) => candidate.code === language)!;
  const passwordHash = await hashPassword(body.password);
  const request = { purpose: 'signup', destination: body.email, requester };
  return withinDeliveryLimits(identity.db, identity.throttle, request, async (tx) => {
    const created = tx.$with('created').as(
      tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          pendingPhone: body.phone ?? null,
          language,
          locale: language === 'en' ? 'en-US' : 'pt-BR',
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id }),
    );
    // The account's first organization and its Owner in the same statement (decision 033), so a sign-up
    // with a taken address does the same work as one with a new address (decision 017).
    const organization = tx.$with('organization').as(
      tx
        .insert(organizations)
        .select(
          tx
            .select({
              id: created.id,
              name: sql<string>`${founderOrganizationName(body)}`.as('name'),
              plan: sql<string>`'free'`.as('plan'),
              currency: sql<string>`${entry.currency_code}`.as('currency'),
              requireTwoFactor: sql<boolean>`false`.as('require_two_factor'),
              createdAt: sql<Date>`now()`.as('created_at'),
              updatedAt: sql<Date>`now()`.as('updated_at'),
            })
            .from(created),
        )
        .returning({ id: organizations.id }),
    );
    const owner = tx.$with('owner').as(
      tx
        .insert(organizationMembers)
        .select(
          tx
            .select({
              organizationId: organization.id,
              userId: organization.id,
              role: sql<string>`'owner'`.as('role'),
              joinedAt: sql<Date>`now()`.as('joined_at'),
            })
            .from(organization),
        )
        .returning({ userId: organizationMembers.userId }),
    );
    const stored = await tx
      .with(created, organization, owner)
      .insert(userCredentials)
      .select(
        tx
          .select({
            userId: created.id,
            passwordHash: sql<string>`${passwordHash}`.as('password_hash'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(created),
      )
      .returning({ userId: userCredentials.userId });
    return stored.length > 0;
  });
}

/**
 * The address's sign-up e-mail, after the answer: a new account gets its code; an existing one gets the
 * notice that someone tried to sign up with it. Both share one throttle, applied silently (decision 017).
 */
export async function sendSignupMail(identity: Identity, email: string, created: boolean): Promise<void> {
  if (!(await claimSilently(identity, 'signup', email))) return;
  const user = await findUserByEmail(identity.db, email);
  if (!user) return;
  if (created) return sendSignupCode(identity, user);
  await sendSignupAttemptNotice(identity, user);
}

/**
 * Its own throttle, which only resends move, so a sign-up moments before shows nothing here; the client's
 * hourly limits count it for every address alike, known or not.
 */
export async function claimSignupResend(identity: Identity, email: string, ip: string): Promise<void> {
  await claimDeliverySlot(identity.db, identity.throttle, 'signup-resend', email, { ip });
}

/** A new code for an account still waiting for one; known, confirmed or not, nothing is said. */
export async function resendSignupCode(identity: Identity, email: string): Promise<void> {
  const user = await findUserByEmail(identity.db, email);
  if (user && !user.emailConfirmedAt) await sendSignupCode(identity, user);
}

/** Confirms the account with its code and returns it; an unknown e-mail fails exactly like a wrong code. */
export async function confirmAccount(identity: Identity, email: string, code: string): Promise<User> {
  const { db } = identity;
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('CodeMismatch');
  await consumeVerificationCode(db, identity.codes, { userId: user.id, purpose: 'signup', code });
  const [confirmed] = await db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return confirmed!;
}

/** The delivery throttle without its 429: false when the address had its mail too recently. */
async function claimSilently(identity: Identity, purpose: string, email: string): Promise<boolean> {
  try {
    await claimDeliverySlot(identity.db, identity.throttle, purpose, email);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TooManyRequests') return false;
    throw error;
  }
}

async function sendSignupAttemptNotice(identity: Identity, owner: User): Promise<void> {
  const { config } = identity;
  const resetUrl = new URL('/auth/forget-password', config.publicUrl);
  resetUrl.search = new URLSearchParams({ email: owner.email }).toString();
  await identity.mailer.send({
    to: owner.email,
    language: owner.language,
    ...renderSignupAttemptEmail({
      language: owner.language,
      // An unconfirmed account's name was typed by whoever signed the address up, maybe not its owner.
      ...(owner.emailConfirmedAt && { name: owner.firstName }),
      appName: config.APP_NAME,
      loginUrl: new URL('/auth/login', config.publicUrl).toString(),
      resetUrl: resetUrl.toString(),
    }),
  });
}

/** E-mails a sign-up code with a link that opens the confirmation screen with it filled in. */
async function sendSignupCode(identity: Identity, user: User): Promise<void> {
  await sendVerificationCode(identity, {
    user,
    purpose: 'signup',
    method: 'email',
    destination: user.email,
    ttlSeconds: identity.config.SIGNUP_CODE_TTL_SECONDS,
    link: (code) => {
      const link = new URL('/auth/signup/confirm', identity.config.publicUrl);
      link.search = new URLSearchParams({ email: user.email, code }).toString();
      return link.toString();
    },
  });
}
