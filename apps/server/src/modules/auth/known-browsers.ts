import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knownBrowsers } from '../../db/schema/second-factors.ts';
import type { User } from '../../db/schema/users.ts';
import { runAfterResponse } from '../../lib/after-response.ts';
import { hostCookie, readCookie, setCookie } from '../../lib/cookies.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { DAY_MS } from '../../lib/time.ts';
import type { Identity } from './identity.ts';
import { sendSecurityNotice } from './security-notices.ts';

/**
 * Browsers a user signs in from (issue 25): each sign-in gives its browser a long-lived random cookie and
 * keeps its hash for the user; a sign-in whose cookie is missing or not yet the user's sends the "new
 * sign-in" e-mail. Except when the user has no browser on record: the one that just confirmed a sign-up,
 * and, once, every account from before this table, whose owners would otherwise all be warned about their
 * own browser.
 */
const LIFETIME_DAYS = 365;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token each sign-in in flight gives its browser, set on its answer by `setKnownBrowserCookie`. */
const pending = new WeakMap<FastifyRequest, string>();

const cookieFor = (identity: Identity) => hostCookie(identity.config.publicUrl, 'cotacep_browser');

/** Records the browser of a sign-in for the user, and tells the user when it is a new one. */
export async function recognizeBrowser(
  identity: Identity,
  request: FastifyRequest,
  user: User,
): Promise<void> {
  const given = readCookie(request, cookieFor(identity).name);
  const token = given && TOKEN.test(given) ? given : randomToken();
  const now = new Date();
  const status = await recordBrowser(identity.db, user.id, sha256(token), now);
  pending.set(request, token);
  if (status !== 'new') return;
  const notice = {
    kind: 'new_browser',
    at: now,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  } as const;
  // After the answer: a slow mail server never slows a sign-in.
  runAfterResponse(identity.log, 'new-browser notice', () => sendSecurityNotice(identity, user, notice));
}

/** `known`: seen before; `first`: the user had no browser on record; `new`: another browser than theirs. */
async function recordBrowser(
  db: Db,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<'known' | 'first' | 'new'> {
  const [seen] = await db
    .update(knownBrowsers)
    .set({ lastSeenAt: now })
    .where(and(eq(knownBrowsers.userId, userId), eq(knownBrowsers.tokenHash, tokenHash)))
    .returning({ userId: knownBrowsers.userId });
  if (seen) return 'known';
  const [other] = await db
    .select({ userId: knownBrowsers.userId })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.userId, userId))
    .limit(1);
  await db.insert(knownBrowsers).values({ userId, tokenHash, lastSeenAt: now }).onConflictDoNothing();
  // Browsers whose cookie has expired are gone for good; dropped only now, so they still counted above.
  await db
    .delete(knownBrowsers)
    .where(
      and(
        eq(knownBrowsers.userId, userId),
        ne(knownBrowsers.tokenHash, tokenHash),
        lt(knownBrowsers.lastSeenAt, new Date(now.getTime() - LIFETIME_DAYS * DAY_MS)),
      ),
    );
  return other ? 'new' : 'first';
}

/** onSend hook of the routes that sign in: (re)sets the cookie of the browser a sign-in recognised. */
export function setKnownBrowserCookie(identity: Identity) {
  const { name, secure } = cookieFor(identity);
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const token = pending.get(request);
    if (token)
      setCookie(reply, name, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: (LIFETIME_DAYS * DAY_MS) / 1000,
      });
    return payload;
  };
}
