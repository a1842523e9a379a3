import { AUTH_MESSAGES, type AuthMessageKey } from '@cotacep/shared/auth-messages';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';

/** A success message or prompt in the request's language. */
export function authMessage(request: FastifyRequest, key: AuthMessageKey): string {
  return AUTH_MESSAGES[key][requestLanguage(request)];
}
