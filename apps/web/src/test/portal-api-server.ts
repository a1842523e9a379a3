import type { ServerResponse } from 'node:http';
import type { ApiKey } from '@cotacep/shared/key-schemas';
import type { Project } from '@cotacep/shared/project-schemas';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { apiClient } from '../lib/api/clients.ts';
import { type RecordedRequest, sendJson, startTestServer, type TestServer } from '../lib/api/test-server.ts';

/**
 * The portal API's keys, projects and usage routes (for the keys and projects screens' tests) as the server answers them (bodies shaped by the shared
 * schemas, errors as `{ code, message }`), on a real loopback server the app's client is pointed at. The
 * server's own tests prove these answers; here they drive the screens. `fail` makes the next matching call fail.
 */
export type KeysApi = {
  server: TestServer;
  keys: ApiKey[];
  projects: Project[];
  maxKeys: number;
  fail: (method: string, path: RegExp, status: number, body: object) => void;
  calls: (method: string) => { url: string; body: Record<string, unknown> }[];
  close: () => Promise<void>;
};

export const PROJECT: Project = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Loja virtual',
  description: 'Site e aplicativo',
  keyCount: 1,
  createdAt: '2026-10-01T12:00:00.000Z',
  updatedAt: '2026-10-01T12:00:00.000Z',
};

export function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    description: 'Site da loja',
    projectId: PROJECT.id,
    projectName: PROJECT.name,
    kind: 'public',
    enabled: true,
    allowedOrigins: ['https://loja.example.com'],
    prefix: 'ck_pub_3fQk',
    createdAt: '2026-10-01T12:00:00.000Z',
    updatedAt: '2026-10-01T12:00:00.000Z',
    lastUsedAt: null,
    rotatedAt: null,
    previousPrefix: null,
    graceEndsAt: null,
    ...overrides,
  };
}

export const USAGE: Usage = {
  plan: { id: 'free', monthlyQuota: 10_000, ratePerMinute: 60 },
  period: { start: '2026-11-01', end: '2026-11-30', resetsAt: '2026-12-01T00:00:00.000Z' },
  used: 1234,
  remaining: 8766,
  days: [],
  months: [],
  last24h: { total: 0, clientErrors: 0, serverErrors: 0 },
  byKey: [
    {
      keyId: makeKey().id,
      description: 'Site da loja',
      prefix: 'ck_pub_3fQk',
      projectId: PROJECT.id,
      used: 1200,
      days: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 120, 300, 500, 240],
    },
    {
      keyId: '33333333-3333-4333-8333-333333333333',
      description: null,
      prefix: null,
      projectId: PROJECT.id,
      used: 34,
      days: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 34, 0, 0, 0, 0],
    },
  ],
  byProject: [{ projectId: PROJECT.id, name: PROJECT.name, used: 1234 }],
};

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE',
  'Access-Control-Allow-Headers': 'authorization, content-type, accept-language',
};

const json = (request: RecordedRequest) =>
  request.body.length > 0 ? (JSON.parse(request.body.toString()) as Record<string, unknown>) : {};

export async function startKeysApi(initial: { keys?: ApiKey[]; maxKeys?: number } = {}): Promise<KeysApi> {
  const server = await startTestServer();
  const failures: { method: string; path: RegExp; status: number; body: object }[] = [];
  const api: KeysApi = {
    server,
    keys: initial.keys ?? [makeKey()],
    projects: [PROJECT],
    maxKeys: initial.maxKeys ?? 2,
    fail: (method, path, status, body) => failures.push({ method, path, status, body }),
    calls: (method) =>
      server.requests
        .filter((request) => request.method === method)
        .map((request) => ({ url: request.url, body: json(request) })),
    close: () => server.close(),
  };
  server.handle((request, response) => {
    for (const [name, value] of Object.entries(CORS)) response.setHeader(name, value);
    if (request.method === 'OPTIONS') return sendJson(response, 204);
    const failure = failures.findIndex((f) => f.method === request.method && f.path.test(request.url));
    if (failure !== -1) {
      const [{ status, body }] = failures.splice(failure, 1) as [(typeof failures)[number]];
      return sendJson(response, status, body);
    }
    return answer(api, request, response);
  });
  apiClient.defaults.baseURL = `${server.url}/api`;
  return api;
}

function answer(api: KeysApi, request: RecordedRequest, response: ServerResponse) {
  const url = new URL(request.url, 'http://test');
  const [, , resource, id, verb] = url.pathname.split('/');
  const body = json(request);
  const key = api.keys.find((item) => item.id === id);
  if (resource === 'projects' && request.method === 'PATCH') {
    const project = api.projects.find((item) => item.id === id);
    return project ? sendJson(response, 200, Object.assign(project, body)) : sendJson(response, 404, {});
  }
  if (resource === 'projects') return sendJson(response, 200, { items: api.projects, maxProjects: 1 });
  if (resource === 'usage') return sendJson(response, 200, USAGE);
  if (resource !== 'keys') return sendJson(response, 404, { code: 'NotFound', message: 'Not found' });
  if (request.method === 'GET') {
    const projectId = url.searchParams.get('projectId');
    const items = api.keys.filter((item) => !projectId || item.projectId === projectId);
    return sendJson(response, 200, { items, maxKeys: api.maxKeys });
  }
  if (request.method === 'POST' && !id) {
    const created = makeKey({
      id: '44444444-4444-4444-8444-444444444444',
      description: String(body.description),
      kind: body.kind === 'private' ? 'private' : 'public',
      enabled: body.enabled !== false,
      allowedOrigins: String(body.allowedOrigins).split(', '),
      prefix: body.kind === 'private' ? 'ck_priv_Zx9' : 'ck_pub_Nw7Q',
    });
    api.keys.push(created);
    const secret = `${created.prefix}${'A'.repeat(32 - created.prefix.length + 7)}`;
    return sendJson(response, 201, { key: created, secret });
  }
  if (!key)
    return sendJson(response, 404, { code: 'ApiKeyNotFound', message: 'Chave de API não encontrada.' });
  if (request.method === 'PATCH') {
    Object.assign(
      key,
      body,
      typeof body.allowedOrigins === 'string' ? { allowedOrigins: body.allowedOrigins.split(', ') } : {},
    );
    return sendJson(response, 200, key);
  }
  if (request.method === 'DELETE') {
    api.keys.splice(api.keys.indexOf(key), 1);
    return sendJson(response, 204);
  }
  if (request.method === 'POST' && verb === 'rotate') {
    const graceSeconds = Number(body.graceSeconds);
    const previousPrefix = graceSeconds > 0 ? key.prefix : null;
    Object.assign(key, {
      prefix: 'ck_pub_R0t8',
      previousPrefix,
      graceEndsAt: previousPrefix ? new Date(Date.now() + graceSeconds * 1000).toISOString() : null,
    });
    return sendJson(response, 200, { key, secret: 'ck_pub_R0t8newsecretnewsecretnewsecret' });
  }
  return sendJson(response, 404, { code: 'NotFound', message: 'Not found' });
}
