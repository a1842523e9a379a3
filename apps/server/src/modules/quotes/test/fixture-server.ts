import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { listenOnLoopback } from '#server/test/loopback-server.ts';

/** One recorded answer: a fixture file (or literal body), its status and type; `hang` never answers. */
export type Recorded = { status: number; file?: string; body?: string; contentType?: string; hang?: boolean };

export type FixtureServer = {
  url: string;
  /** Every request path, decoded, in arrival order. */
  hits: string[];
  /** Replaces the answer for a path while the server runs. */
  set(pathWithQuery: string, answer: Recorded): void;
  close(): Promise<void>;
};

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

export function recorded(file: string, status = 200, extra: Partial<Recorded> = {}): Recorded {
  return { status, file, ...extra };
}

function contentTypeOf(answer: Recorded): string {
  if (answer.contentType) return answer.contentType;
  if (answer.file?.endsWith('.xml')) return 'text/xml';
  if (answer.file?.endsWith('.html')) return 'text/html';
  if (answer.file?.endsWith('.txt')) return 'text/plain';
  return 'application/json';
}

/**
 * A local HTTP server replaying recorded upstream answers by decoded path and query (the real sources
 * live outside this machine). A path without a recording answers 599, so a stray call shows.
 */
export async function startFixtureServer(routes: Record<string, Recorded>): Promise<FixtureServer> {
  const answers = new Map(Object.entries(routes));
  const hits: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const url = decodeURIComponent(request.url ?? '');
    hits.push(url);
    const answer = answers.get(url);
    if (!answer) {
      response.writeHead(599, { 'content-type': 'text/plain' }).end('no recording for this path');
      return;
    }
    if (answer.hang) {
      hanging.add(response);
      return;
    }
    const body = answer.file ? readFileSync(path.join(FIXTURES, answer.file)) : (answer.body ?? '');
    response
      .writeHead(answer.status, { 'content-type': `${contentTypeOf(answer)}; charset=utf-8` })
      .end(body);
  });
  const loopback = await listenOnLoopback(server);
  return {
    url: loopback.url,
    hits,
    set: (pathWithQuery, answer) => answers.set(pathWithQuery, answer),
    close: () => {
      for (const response of hanging) response.destroy();
      return loopback.close();
    },
  };
}
