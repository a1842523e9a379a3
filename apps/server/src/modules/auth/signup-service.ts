import type { SignupRequest } from '@cotacep/shared/auth-schemas';
import { LANGUAGES, type Language } from '@cotacep/shared/languages';
import { eq } from 'drizzle-orm';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderSignupAttemptEmail } from '../mail/signup-attempt-email.ts';
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { findUserByEmail } from './users.ts';
import { consumeVerificationCode, sendVerificationCode } from './verification-codes.ts';

/**
 * Creates the account, or nothing when the address has one (undefined). The password is hashed and the
 * same INSERT tried either way, so both answers take the same time (decision 017).
 */
export async function createAccount(
  identity: Identity,
  body: SignupRequest,
  language: Language,
): Promise<User | undefined> {
  assertPasswordPolicy(body.password);
  const entry = LANGUAGES.find((candidate) => candidate.code === language)!;
  const passwordHash = await hashPassword(body.password);
  return identity.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        pendingPhone: body.phone ?? null,
        language,
        locale: language === 'en' ? 'en-US' : 'pt-BR',
        currency: entry.currency_code,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (user) await tx.insert(userCredentials).values({ userId: user.id, passwordHash });
    return user;
  });
}

/**
 * The address's sign-up e-mail, after the answer: a new account gets its code; an existing one gets the
 * notice that someone tried to sign up with it. Both share one throttle, applied silently (decision 017).
 */
export async function sendSignupMail(
  identity: Identity,
  email: string,
  created: User | undefined,
): Promise<void> {
  if (!(await claimSilently(identity, 'signup', email))) return;
  if (created) return sendSignupCode(identity, created);
  const owner = await findUserByEmail(identity.db, email);
  if (owner) await sendSignupAttemptNotice(identity, owner);
}

/** Its own throttle, which only resends move, so a sign-up moments before shows nothing here. */
export async function claimSignupResend(identity: Identity, email: string): Promise<void> {
  await claimDeliverySlot(identity.db, identity.throttle, 'signup-resend', email);
}

/** A new code for an account still waiting for one; known, confirmed or not, nothing is said. */
export async function resendSignupCode(identity: Identity, email: string): Promise<void> {
  const user = await findUserByEmail(identity.db, email);
  if (user && !user.emailConfirmedAt) await sendSignupCode(identity, user);
}

/** Confirms the account with its code; an unknown e-mail fails exactly like a wrong code. */
export async function confirmAccount(identity: Identity, email: string, code: string): Promise<void> {
  const { db } = identity;
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('CodeMismatch');
  await consumeVerificationCode(db, identity.codes, { userId: user.id, purpose: 'signup', code });
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id));
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
      name: owner.firstName,
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
