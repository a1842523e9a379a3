import { randomUUID } from 'node:crypto';
import type { SignupRequest } from '@cotacep/shared/auth-schemas';
import { LANGUAGES, type Language } from '@cotacep/shared/languages';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit-events.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { renderSignupAttemptEmail } from '../mail/signup-attempt-email.ts';
import { founderOrganizationName } from '../organizations/founding.ts';
import { claimDeliverySlot, type Requester, withinDeliveryLimits } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { newAccountEntries } from './new-account-entries.ts';
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
  context: AuditContext,
): Promise<boolean> {
  assertPasswordPolicy(body.password);
  const entry = LANGUAGES.find((candidate) => candidate.code === language)!;
  const passwordHash = await hashPassword(body.password);
  const request = { purpose: 'signup', destination: body.email, requester };
  // The id the account will have, so its audit entries are hashed before the statement that writes them.
  const userId = randomUUID();
  const entries = newAccountEntries(context, userId, founderOrganizationName(body));
  return withinDeliveryLimits(identity.db, identity.throttle, request, async (tx) => {
    const created = tx.$with('created').as(
      tx
        .insert(users)
        .values({
          id: userId,
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
              suspendedAt: sql<Date | null>`null::timestamptz`.as('suspended_at'),
              suspensionReason: sql<string | null>`null::text`.as('suspension_reason'),
              keysStoppedAt: sql<Date | null>`null::timestamptz`.as('keys_stopped_at'),
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
    // `account.signed_up` and `organization.created`, written only when the account is (decision 037).
    const audit = entries.flatMap(({ event, head }, index) => [
      tx
        .$with(`audit_event_${index}`)
        .as(tx.insert(auditEvents).select(tx.select(event).from(created)).returning({ id: auditEvents.id })),
      tx
        .$with(`audit_head_${index}`)
        .as(
          tx
            .insert(auditChainHeads)
            .select(tx.select(head).from(created))
            .returning({ chainId: auditChainHeads.chainId }),
        ),
    ]);
    const stored = await tx
      .with(created, organization, owner, ...audit)
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

/**
 * Confirms the account with its code and returns it; an unknown e-mail fails exactly like a wrong code.
 * `context` is the request's: its actor becomes the account's user.
 */
export async function confirmAccount(
  identity: Identity,
  email: string,
  code: string,
  context: AuditContext,
): Promise<User> {
  const { db } = identity;
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('CodeMismatch');
  await consumeVerificationCode(db, identity.codes, { userId: user.id, purpose: 'signup', code });
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!user.emailConfirmedAt) await recordEmailConfirmed(tx, { ...context, actorId: user.id }, user.id);
    return confirmed!;
  });
}

/** `account.email_confirmed`, in the transaction that confirms the address (sign-up code or password reset). */
export function recordEmailConfirmed(tx: Db, context: AuditContext, userId: string): Promise<void> {
  return recordAudit(tx, context, { event: 'account.email_confirmed', userId });
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
