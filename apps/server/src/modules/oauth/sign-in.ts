import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import type { Language } from '@cotacep/shared/languages';
import { LANGUAGES } from '@cotacep/shared/languages';
import type { BillingCurrency } from '@cotacep/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit, withAudit } from '../audit/record.ts';
import { findUserByEmail, isUniqueViolation } from '../auth/users.ts';
import { founderOrganizationName, foundOrganization } from '../organizations/founding.ts';
import type { ProviderIdentity } from './types.ts';

async function findLink(db: Db, provider: OAuthProvider, providerUserId: string) {
  const [link] = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)));
  return link ?? null;
}

/** Links a provider identity to the signed-in user who asked for it. */
export async function linkIdentity(
  db: Db,
  provider: OAuthProvider,
  identity: ProviderIdentity,
  userId: string,
  context: AuditContext,
) {
  const existing = await findLink(db, provider, identity.providerUserId);
  if (existing) {
    if (existing.userId !== userId) throw new AppError('OAuthAlreadyLinked');
    return;
  }
  try {
    await withAudit(
      db,
      { ...context, actorId: userId },
      (tx) =>
        tx
          .insert(oauthAccounts)
          .values({ provider, providerUserId: identity.providerUserId, userId, email: identity.email }),
      { event: 'account.social_linked', userId, details: { provider } },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('OAuthAlreadyLinked');
    throw error;
  }
}

/**
 * The user a social sign-in belongs to, found only by (provider, provider user id). A new identity whose
 * e-mail already has an account is refused, never merged: that person signs in and links it in settings.
 */
export async function resolveSignIn(
  db: Db,
  provider: OAuthProvider,
  identity: ProviderIdentity,
  language: Language,
  context: AuditContext,
): Promise<string> {
  const existing = await findLink(db, provider, identity.providerUserId);
  if (existing) return existing.userId;
  if (!identity.email || !identity.emailVerified) throw new AppError('OAuthEmailUnverified');
  if (await findUserByEmail(db, identity.email)) throw new AppError('UsernameExists');
  const entry = LANGUAGES.find((candidate) => candidate.code === language)!;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: identity.email!,
          emailConfirmedAt: new Date(),
          firstName: identity.firstName,
          lastName: identity.lastName,
          language,
          locale: language === 'en' ? 'en-US' : 'pt-BR',
        })
        .returning({ id: users.id });
      await foundOrganization(
        tx,
        { id: user!.id, email: identity.email!, firstName: identity.firstName, lastName: identity.lastName },
        entry.currency_code as BillingCurrency,
      );
      await tx.insert(oauthAccounts).values({
        provider,
        providerUserId: identity.providerUserId,
        userId: user!.id,
        email: identity.email,
      });
      const founder = { ...context, actorId: user!.id };
      await recordAudit(tx, founder, {
        event: 'account.signed_up',
        userId: user!.id,
        details: { method: provider },
      });
      // The first organization has the account's id (decision 033): its chain starts here too.
      await recordAudit(tx, founder, {
        event: 'organization.created',
        organizationId: user!.id,
        target: { type: 'organization', id: user!.id },
        details: { name: founderOrganizationName({ ...identity, email: identity.email! }) },
      });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('UsernameExists');
    throw error;
  }
}
