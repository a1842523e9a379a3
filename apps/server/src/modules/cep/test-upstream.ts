import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { listenOnLoopback } from '../../test/loopback-server.ts';

/** One recorded upstream answer: a fixture file (or literal body) and its status, optionally late. */
export type Recorded = {
  status: number;
  file?: string;
  body?: string;
  contentType?: string;
  delayMs?: number;
};

export type TestUpstream = { url: string; hits: string[]; close(): Promise<void> };

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'upstream');

export function recorded(file: string, status = 200, extra: Partial<Recorded> = {}): Recorded {
  return { status, file, ...extra };
}

/**
 * A local HTTP server that replays recorded provider answers by path (tests only: the real providers
 * live outside this machine). A path with no recording answers 599, so a test notices the stray call.
 */
export async function startTestUpstream(routes: Record<string, Recorded>): Promise<TestUpstream> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    hits.push(url);
    const answer = routes[url];
    if (!answer) {
      response.writeHead(599).end('no recording for this path');
      return;
    }
    const body = answer.file ? readFileSync(path.join(FIXTURES, answer.file)) : (answer.body ?? '');
    const send = () => {
      if (response.destroyed) return;
      const type = answer.contentType ?? (answer.file?.endsWith('.html') ? 'text/html' : 'application/json');
      response.writeHead(answer.status, { 'content-type': `${type}; charset=utf-8` }).end(body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  return { ...(await listenOnLoopback(server)), hits };
}
