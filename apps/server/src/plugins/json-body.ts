import { JSON_BODY_LIMITS } from '@cotacep/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import secureJsonParse from 'secure-json-parse';
import { AppError } from '../lib/app-error.ts';

type Limits = { maxDepth: number; maxItems: number };
export type JsonLimitBreach = 'JsonTooDeep' | 'JsonTooManyItems';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The first limit a JSON text passes, or null: one pass over its characters, in a loop, before anything
 * parses it. Depth counts open objects and arrays; items count the objects and arrays and the values
 * the commas between them separate. Brackets and commas inside strings are text. Malformed JSON is
 * measured all the same and left to the parser to refuse.
 */
export function measureJson(text: string, limits: Limits = JSON_BODY_LIMITS): JsonLimitBreach | null {
  const { length } = text;
  let depth = 0;
  let items = 0;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // To the closing quote; a backslash escapes the character after it.
      for (i += 1; i < length; i += 1) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i += 1;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      items += 1;
      if (depth > limits.maxDepth) return 'JsonTooDeep';
      if (items > limits.maxItems) return 'JsonTooManyItems';
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    } else if (code === COMMA) {
      items += 1;
      if (items > limits.maxItems) return 'JsonTooManyItems';
    }
  }
  return null;
}

// As Fastify's own JSON parser: a `__proto__` key, or a `constructor` with a `prototype`, is refused.
const PARSE_OPTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

type Done = (error: Error | null, body?: unknown) => void;

/** Whether a route reads a body with these parsers: only one whose schema declares it. */
const takesBody = (request: FastifyRequest) => Boolean(request.routeOptions.schema?.body);

/**
 * What needs no reading: an empty body (a client's default `Content-Type` on a body-less POST sends
 * one) is no body on every route, and an unknown path's 404 never reads it.
 */
const isNothing = (request: FastifyRequest, body: string) => body.trim().length === 0 || request.is404;

function parseJson(request: FastifyRequest, body: string, done: Done) {
  if (isNothing(request, body)) return done(null, undefined);
  if (!takesBody(request)) return done(new AppError('BodyNotAllowed'));
  const breach = measureJson(body);
  if (breach) return done(new AppError(breach));
  try {
    done(null, secureJsonParse(body, null, PARSE_OPTIONS));
  } catch {
    done(new AppError('BadRequest'));
  }
}

function parseText(request: FastifyRequest, body: string, done: Done) {
  if (isNothing(request, body)) return done(null, undefined);
  if (!takesBody(request)) return done(new AppError('BodyNotAllowed'));
  done(null, body);
}

/**
 * The app's JSON and plain-text body parsers, in place of Fastify's (issue 22, item 3). A JSON body is
 * measured before `JSON.parse` runs: deeper than `JSON_BODY_LIMITS.maxDepth` or holding more than
 * `maxItems` values it is a 400 at the cost of one loop over its characters, so nothing after (the
 * parse, the schema, the NUL check) ever walks a hostile shape. A route whose schema declares no body
 * refuses a non-empty one with 400 `BodyNotAllowed`, before it is measured or parsed; an empty body is
 * no body on every route. Scopes that read their own bodies keep their own parsers and are not
 * concerned: Stripe's webhook (the raw bytes it signed) and the CSP reports (their own media types).
 * Registered on the root before any route, so every scope inherits it.
 */
export const jsonBody = fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      parseJson(request, body as string, done),
    );
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) =>
      parseText(request, body as string, done),
    );
  },
  { name: 'json-body' },
);
