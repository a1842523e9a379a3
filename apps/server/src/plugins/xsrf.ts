import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME, XSRF_HOST_COOKIE_NAME } from '@cotacep/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { readCookie, setCookie } from '../lib/cookies.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Xsrf = {
  /** Sets a fresh signed token cookie unless the request already carries a valid one. */
  issueIfMissing(request: FastifyRequest, reply: FastifyReply): void;
  /** onRequest hook for the portal API: issues the cookie and enforces the check on unsafe methods. */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
};

/** Over https the cookie is `__Host-XSRF-TOKEN` (Secure, Path=/, no Domain); over http, in dev and tests, `XSRF-TOKEN`. */
export function xsrfCookieName(secureCookie: boolean): string {
  return secureCookie ? XSRF_HOST_COOKIE_NAME : XSRF_COOKIE_NAME;
}

/**
 * Signed double-submit: the server sets a readable `XSRF-TOKEN` cookie (`nonce.signature`) and the
 * client echoes it in `X-XSRF-TOKEN` (axios does this for same-origin requests). Unsafe requests that
 * carry cookies must echo a token equal to the cookie and signed by us. Requests without cookies (API
 * clients using a bearer token) cannot be forged by a browser and are not checked. With secure cookies
 * only the `__Host-` cookie counts, which a sibling subdomain or a plain-http page cannot set.
 */
export function createXsrf(secret: string, secureCookie: boolean): Xsrf {
  const cookieName = xsrfCookieName(secureCookie);
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url');
  const isValid = (token: string | undefined): token is string => {
    if (!token) return false;
    const [nonce, signature, rest] = token.split('.');
    if (!nonce || !signature || rest !== undefined) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const issueIfMissing = (request: FastifyRequest, reply: FastifyReply) => {
    if (isValid(readCookie(request, cookieName))) return;
    const nonce = randomBytes(18).toString('base64url');
    // No Domain attribute: a `__Host-` cookie must have none.
    setCookie(reply, cookieName, `${nonce}.${sign(nonce)}`, {
      path: '/',
      sameSite: 'lax',
      secure: secureCookie,
      httpOnly: false,
    });
  };

  return {
    issueIfMissing,
    async onRequest(request, reply) {
      issueIfMissing(request, reply);
      if (!UNSAFE_METHODS.has(request.method) || !request.headers.cookie) return;
      const header = request.headers[XSRF_HEADER_NAME.toLowerCase()];
      const echoed = Array.isArray(header) ? header[0] : header;
      const cookie = readCookie(request, cookieName);
      if (!isValid(cookie) || echoed !== cookie) throw new AppError('XsrfTokenInvalid');
    },
  };
}
