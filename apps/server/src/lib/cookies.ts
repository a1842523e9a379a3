import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

/**
 * Only the portal's XSRF token, the OAuth flow's secret and the sign-up's browser proof are cookies, so
 * they are read and written where they are used rather than by a plugin whose hooks would parse and write
 * cookies on every request, the public APIs' hot path included (decision 013).
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[name] : undefined;
}

/** Adds a `Set-Cookie` header; several calls add several headers. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', stringifySetCookie({ name, value, ...options }));
}

/** Tells the browser to drop a cookie set with the same path. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}

/**
 * A cookie of the portal's own: over https `__Host-<name>` and Secure (Path=/, no Domain), which a sibling
 * subdomain or a plain-http page cannot set; over http (development, tests) `<name>`.
 */
export function hostCookie(publicUrl: string, name: string): { name: string; secure: boolean } {
  const secure = publicUrl.startsWith('https://');
  return { name: secure ? `__Host-${name}` : name, secure };
}
