import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import { generateCodeVerifier } from 'arctic';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { oauthStates } from '../../db/schema/oauth.ts';
import { AppError } from '../../lib/app-error.ts';
import { portalApiPrefix } from '../../lib/portal-api-prefix.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { OAuthIdentity } from './oauth-identity.ts';
import type { OAuthClient } from './types.ts';

export const STATE_TTL_MS = 10 * 60_000;
export const EXCHANGE_TTL_MS = 2 * 60_000;

export function getClient(identity: OAuthIdentity, provider: OAuthProvider): OAuthClient {
  const client = identity.oauth[provider];
  if (!client) throw new AppError('OAuthProviderNotConfigured');
  return client;
}

export function callbackUrl(identity: OAuthIdentity, provider: OAuthProvider): string {
  const prefix = portalApiPrefix(identity.config.API_URL);
  return new URL(`${prefix}/auth/oauth/${provider}/callback`, identity.config.publicUrl).toString();
}

/**
 * The OAuth `state` parameter of a flow: a one-way hash of the flow's secret, which only the browser that
 * started it holds (its cookie). The state travels in URLs (to the provider, back in the callback's query,
 * so into access logs); the secret never does, so reading a URL is not enough to finish someone's flow.
 */
export function stateOf(flowSecret: string): string {
  return sha256(`oauth-state:${flowSecret}`);
}

/**
 * Starts an authorization: the state's hash, PKCE verifier and nonce kept server-side. The `state` answered
 * is the flow's secret for the browser's cookie (`setStateCookie`); the provider is sent `stateOf(secret)`.
 */
export async function startAuthorization(
  identity: OAuthIdentity,
  provider: OAuthProvider,
  options: { redirectTo: string | null; linkUserId: string | null },
): Promise<{ url: string; state: string }> {
  const client = getClient(identity, provider);
  const flowSecret = randomToken();
  const state = stateOf(flowSecret);
  const nonce = randomToken();
  const codeVerifier = generateCodeVerifier();
  await identity.db.insert(oauthStates).values({
    stateHash: sha256(state),
    provider,
    codeVerifier,
    nonce,
    redirectTo: options.redirectTo,
    linkUserId: options.linkUserId,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = client.authorizeUrl({
    state,
    nonce,
    codeVerifier,
    redirectUri: callbackUrl(identity, provider),
  });
  return { url, state: flowSecret };
}

/** Spends the state once (a conditional UPDATE); unknown, expired, reused or foreign states are refused. */
export async function consumeState(identity: OAuthIdentity, provider: OAuthProvider, state: string) {
  const [row] = await identity.db
    .update(oauthStates)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oauthStates.stateHash, sha256(state)),
        eq(oauthStates.provider, provider),
        isNull(oauthStates.consumedAt),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw new AppError('OAuthStateInvalid');
  return row;
}

/** The one-time code the SPA trades for the login result; valid two minutes. */
export async function createExchangeCode(
  identity: OAuthIdentity,
  stateId: string,
  userId: string,
): Promise<string> {
  const code = randomToken();
  await identity.db
    .update(oauthStates)
    .set({
      resultUserId: userId,
      exchangeCodeHash: sha256(code),
      exchangeExpiresAt: new Date(Date.now() + EXCHANGE_TTL_MS),
    })
    .where(eq(oauthStates.id, stateId));
  return code;
}

const liveCode = (code: string) =>
  and(
    eq(oauthStates.exchangeCodeHash, sha256(code)),
    isNull(oauthStates.exchangedAt),
    gt(oauthStates.exchangeExpiresAt, new Date()),
  );

/**
 * Spends the code, only for the browser that started its flow (`flowSecret`, from its cookie). A code
 * presented by another browser (no cookie, or another flow's) is refused with OAuthBrowserMismatch and
 * left unspent: the link an attacker sends signs nobody in, and a code seen by someone else does not stop
 * its own browser from finishing.
 */
export async function redeemExchangeCode(
  identity: OAuthIdentity,
  code: string,
  flowSecret: string | undefined,
) {
  const [row] = flowSecret
    ? await identity.db
        .update(oauthStates)
        .set({ exchangedAt: new Date() })
        .where(and(liveCode(code), eq(oauthStates.stateHash, sha256(stateOf(flowSecret)))))
        .returning()
    : [];
  if (row?.resultUserId)
    return { userId: row.resultUserId, provider: row.provider, redirectTo: row.redirectTo };
  if (row) throw new AppError('OAuthStateInvalid');
  const [pending] = await identity.db.select({ id: oauthStates.id }).from(oauthStates).where(liveCode(code));
  throw new AppError(pending ? 'OAuthBrowserMismatch' : 'OAuthStateInvalid');
}
