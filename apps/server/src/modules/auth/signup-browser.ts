import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '../../lib/cookies.ts';
import { hmac } from '../../lib/secrets.ts';
import type { Identity } from './identity.ts';

/**
 * Confirming a sign-up signs in only the browser that signed up (issue 23): someone who signs up a
 * victim's address cannot get the victim, who follows the e-mailed link, signed into an account whose
 * password the signer knows (account pre-hijacking). Elsewhere the confirmation answers as before and
 * the login follows. The cookie is an HMAC of the address, so it is the same for a taken address as for a
 * new one (decision 017) and needs no storage; without the code it is worth nothing.
 */
const isSecure = (identity: Identity) => identity.config.publicUrl.startsWith('https://');

function cookieName(identity: Identity): string {
  return isSecure(identity) ? '__Host-cotacep_signup' : 'cotacep_signup';
}

function proofFor(identity: Identity, email: string): string {
  return hmac(identity.codes.secret, `signup-browser:${email}`);
}

export function setSignupBrowserCookie(identity: Identity, reply: FastifyReply, email: string): void {
  setCookie(reply, cookieName(identity), proofFor(identity, email), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(identity),
    maxAge: identity.config.SIGNUP_CODE_TTL_SECONDS,
  });
}

/** True when this request comes from the browser that signed `email` up. */
export function isSignupBrowser(identity: Identity, request: FastifyRequest, email: string): boolean {
  const given = Buffer.from(readCookie(request, cookieName(identity)) ?? '');
  const expected = Buffer.from(proofFor(identity, email));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
