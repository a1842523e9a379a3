import { hasNulCharacter } from '@cotacep/shared/text-field';
import { translateValidationMessage, validationMessage } from '@cotacep/shared/validation-messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from './language.ts';

type Path = (string | number)[];

/** A value still to look at, with the key that leads to it from its parent (null for the root). */
type Visit = { value: unknown; key: string | number | null; parent: Visit | null };

function pathOf(visit: Visit): Path {
  const path: Path = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key as string | number);
  return path.reverse();
}

/**
 * Where the first NUL character sits in a parsed body, query or params (keys included); null if nowhere.
 * Depth first, in order, with a stack of its own rather than recursion (issue 22): however deep a value
 * nests, this never overflows the call stack, and each value is visited once.
 */
export function findNulCharacter(value: unknown): Path | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (typeof visit.key === 'string' && hasNulCharacter(visit.key)) return pathOf(visit);
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasNulCharacter(current)) return pathOf(visit);
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    // Pushed last to first, so the first entry is looked at first.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        stack.push({ value: current[index], key: index, parent: visit });
    } else {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
      }
    }
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
