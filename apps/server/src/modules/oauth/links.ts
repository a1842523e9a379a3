import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, withAudit } from '../audit/record.ts';
import { getPasswordHash } from '../auth/users.ts';
import { startAuthorization } from './oauth-flow.ts';
import type { OAuthIdentity } from './oauth-identity.ts';

/** Starts linking a provider to the signed-in account (the only way an existing account gets one). */
export function startLink(identity: OAuthIdentity, provider: OAuthProvider, userId: string) {
  return startAuthorization(identity, provider, { redirectTo: '/account/settings', linkUserId: userId });
}

/** Unlinks a provider; the last way in cannot be removed: without a password, one provider must stay. */
export async function unlinkProvider(
  db: Db,
  userId: string,
  provider: OAuthProvider,
  context: AuditContext,
): Promise<void> {
  const links = await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  if (!links.some((link) => link.provider === provider)) throw new AppError('NotFound');
  if (links.length === 1 && !(await getPasswordHash(db, userId))) throw new AppError('Forbidden');
  await withAudit(
    db,
    context,
    (tx) =>
      tx
        .delete(oauthAccounts)
        .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
        .returning({ provider: oauthAccounts.provider }),
    (deleted) =>
      deleted.length > 0 ? { event: 'account.social_unlinked', userId, details: { provider } } : null,
  );
}
