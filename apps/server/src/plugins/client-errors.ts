import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '@cotacep/shared/constants';
import { ERRORS, type ErrorCode } from '@cotacep/shared/errors';
import { type Language, pickLanguage } from '@cotacep/shared/languages';
import type { ConnectionError } from 'fastify';

/** A complete answer written straight to the socket: there is no Fastify request to answer through. */
export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: string;
};

/** One public API's answer to a method Node does not know on one of its URLs; null for any other URL. */
export type UnknownMethodAnswer = (url: string, language: Language) => RawAnswer | null;

const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ (\S+) HTTP\/1\.[01]\r?\n/;
const ACCEPT_LANGUAGE = /^accept-language:[ \t]*([^\r\n]*)/im;

function portalCode(error: ConnectionError): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'RequestTimeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HeadersTooLarge';
  return 'BadRequest';
}

function portalAnswer(error: ConnectionError, language: Language): RawAnswer {
  const code = portalCode(error);
  const requestId = randomUUID();
  const body = JSON.stringify({ code, message: ERRORS[code][language], requestId });
  const headers = { [REQUEST_ID_HEADER]: requestId, 'x-content-type-options': 'nosniff' };
  return { status: ERRORS[code].status, headers, contentType: 'application/json; charset=utf-8', body };
}

function write(socket: Socket, answer: RawAnswer): void {
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    `content-type: ${answer.contentType}`,
    `content-length: ${Buffer.byteLength(answer.body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refuses a request before Fastify sees it (a method it does
 * not know such as `FOO /cep/json/01001000`, a malformed line, headers too large). Fastify would answer in
 * its own body; here an unknown method on a public API URL is that API's 405 with `Allow`, and anything
 * else our envelope.
 */
export function createClientErrorHandler(apis: UnknownMethodAnswer[]) {
  return (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) return void socket.destroy(error);
    // Typed as Buffer's JSON form, but Node hands over the Buffer itself.
    const packet: unknown = error.rawPacket;
    const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
    const language = pickLanguage(ACCEPT_LANGUAGE.exec(raw)?.[1]);
    const url = error.code === 'HPE_INVALID_METHOD' ? REQUEST_LINE.exec(raw)?.[1] : undefined;
    const apiAnswer = url === undefined ? null : apis.map((answer) => answer(url, language)).find(Boolean);
    write(socket, apiAnswer ?? portalAnswer(error, language));
  };
}
