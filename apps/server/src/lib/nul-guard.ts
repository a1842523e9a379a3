import { hasNulCharacter } from '@cotacep/shared/text-field';
import { translateValidationMessage, validationMessage } from '@cotacep/shared/validation-messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from './language.ts';

type Path = (string | number)[];

/** Where the first NUL character sits in a parsed body, query or params (keys included); null if nowhere. */
export function findNulCharacter(value: unknown, path: Path = []): Path | null {
  if (typeof value === 'string') return hasNulCharacter(value) ? path : null;
  if (!value || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && hasNulCharacter(key)) return [...path, key];
    const found = findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

function refuse(request: FastifyRequest, reply: FastifyReply, path: Path) {
  const message = translateValidationMessage(
    validationMessage('controlCharacters'),
    requestLanguage(request),
  );
  return reply
    .code(400)
    .send({ code: 'ZodError', message: [{ message, path: path.map(String) }], requestId: request.id });
}

/**
 * PostgreSQL cannot store U+0000, so the portal refuses it before it reaches the database as a 500
 * (issue 15). Query strings and path parameters, before their schemas: a NUL in them is never valid.
 */
export async function rejectNulInUrl(request: FastifyRequest, reply: FastifyReply) {
  const path = findNulCharacter(request.params) ?? findNulCharacter(request.query);
  if (path) return refuse(request, reply, path);
}

/**
 * Bodies, after their schemas: the shared request schemas refuse a NUL with the field's own message
 * (`text()`), so this only catches what no schema checked, before any handler runs.
 */
export async function rejectNulInBody(request: FastifyRequest, reply: FastifyReply) {
  const path = findNulCharacter(request.body);
  if (path) return refuse(request, reply, path);
}
