import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Where log lines go instead of standard output: a test reading every line the app wrote. */
export type LogStream = { write(line: string): void };

/**
 * The app's logger: JSON lines with the request id (`reqId`), except a development server writing to a
 * terminal, where pino's own pretty printer writes readable lines. Credentials are redacted from request
 * headers, `serializeRequest` logs the URL without its secrets, and bodies are never logged.
 */
export function logOptions(
  config: Config,
  serializeRequest: (request: FastifyRequest) => Record<string, unknown>,
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  // Readable lines only for a person at a terminal: a development server whose output is piped (a test
  // reading it, a process manager) writes JSON like production, so what reads it can parse it.
  const isPretty = config.NODE_ENV === 'development' && !stream && process.stdout.isTTY === true;
  return {
    level: config.LOG_LEVEL,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'req.headers["x-xsrf-token"]',
      'res.headers["set-cookie"]',
    ],
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
    ...(isPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}
