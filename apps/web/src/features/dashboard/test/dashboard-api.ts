import type { ApiKey } from '@cotacep/shared/key-schemas';
import type { Project } from '@cotacep/shared/project-schemas';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { apiClient } from '../../../lib/api/clients.ts';
import { sendJson, startTestServer, type TestServer } from '../../../lib/api/test-server.ts';
import type { ApiStatus } from '../../../lib/status/get-status.ts';

/**
 * The portal API routes the dashboard reads (usage, its CSV, keys, projects, status), answering bodies shaped
 * by the shared schemas on a real loopback server the app's client is pointed at.
 */
export type DashboardApi = {
  server: TestServer;
  usage: Usage;
  keys: ApiKey[];
  status: ApiStatus;
  /** The GET requests to one path (preflights left out), with their query. */
  requests: (path: string) => URL[];
  close: () => Promise<void>;
};

export const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
export const KEY_ID = '22222222-2222-4222-8222-222222222222';
export const DELETED_KEY_ID = '33333333-3333-4333-8333-333333333333';

const utcDay = (offset: number) => new Date(Date.UTC(2026, 10, 22 + offset)).toISOString().slice(0, 10);

/** 15 days to 2026-11-22 and 12 months to 2026-11, with 200, 304, 404, 429 and 500 answers. */
export function makeUsage(overrides: Partial<Usage> = {}): Usage {
  const days = Array.from({ length: 15 }, (_, index) => {
    const byStatus: Record<string, number> =
      index === 14 ? { '200': 40, '304': 2, '404': 3, '429': 4, '500': 1 } : { '200': index };
    return { date: utcDay(index - 14), total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  });
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = `${index < 1 ? 2025 : 2026}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`;
    const byStatus: Record<string, number> =
      index === 11 ? { '200': 1200, '404': 34 } : index === 10 ? { '200': 300 } : {};
    return { month, total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  });
  return {
    plan: { id: 'free', monthlyQuota: 10_000, ratePerMinute: 60 },
    period: { start: '2026-11-01', end: '2026-11-30', resetsAt: '2026-12-01T00:00:00.000Z' },
    used: 1234,
    remaining: 8766,
    days,
    months,
    last24h: { total: 200, clientErrors: 7, serverErrors: 1 },
    byKey: [
      {
        keyId: KEY_ID,
        description: 'Site da loja',
        prefix: 'ck_pub_3fQk',
        projectId: PROJECT_ID,
        used: 1200,
        days: [],
      },
      {
        keyId: DELETED_KEY_ID,
        description: null,
        prefix: 'ck_pub_Old1',
        projectId: PROJECT_ID,
        used: 34,
        days: [],
      },
    ],
    byProject: [{ projectId: PROJECT_ID, name: 'Loja virtual', used: 1234 }],
    ...overrides,
  };
}

export function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: KEY_ID,
    description: 'Site da loja',
    projectId: PROJECT_ID,
    projectName: 'Loja virtual',
    kind: 'public',
    enabled: true,
    allowedOrigins: ['*'],
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

const PROJECT: Project = {
  id: PROJECT_ID,
  name: 'Loja virtual',
  description: '',
  keyCount: 1,
  createdAt: '2026-10-01T12:00:00.000Z',
  updatedAt: '2026-10-01T12:00:00.000Z',
};

const source = (name: string, api: 'quotes' | 'cep', ageMs: number, isStale: boolean) => ({
  name,
  api,
  cadenceMs: 3_600_000,
  lastSuccessAt: new Date(Date.now() - ageMs).toISOString(),
  lastFailureAt: null,
  lastError: null,
  ageMs,
  isStale,
  onDemand: api === 'cep',
  isFallback: false,
  circuit: 'closed' as const,
});

export async function startDashboardApi(
  initial: { usage?: Usage; keys?: ApiKey[] } = {},
): Promise<DashboardApi> {
  const server = await startTestServer();
  const api: DashboardApi = {
    server,
    usage: initial.usage ?? makeUsage(),
    keys: initial.keys ?? [
      makeKey(),
      makeKey({
        id: '44444444-4444-4444-8444-444444444444',
        description: 'Servidor',
        prefix: 'ck_priv_9aB',
        enabled: false,
      }),
    ],
    status: {
      status: 'degraded',
      generatedAt: new Date().toISOString(),
      sources: [source('bcb', 'quotes', 90_000, false), source('viacep', 'cep', 3 * 3600_000, true)],
    },
    requests: (path) =>
      server.requests
        .filter((request) => request.method === 'GET')
        .map((request) => new URL(request.url, 'http://test'))
        .filter((url) => url.pathname === path),
    close: () => server.close(),
  };
  server.handle((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept-language');
    response.setHeader('Access-Control-Expose-Headers', 'content-disposition');
    if (request.method === 'OPTIONS') return sendJson(response, 204);
    const { pathname } = new URL(request.url, 'http://test');
    if (pathname === '/api/usage') return sendJson(response, 200, api.usage);
    if (pathname === '/api/usage.csv') {
      response.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="cotacep-usage-days-ck_pub_3fQk.csv"',
      });
      response.end('\uFEFFdate;status;requests\r\n2026-11-22;200;40\r\n');
      return;
    }
    if (pathname === '/api/keys') return sendJson(response, 200, { items: api.keys, maxKeys: 5 });
    if (pathname === '/api/projects') return sendJson(response, 200, { items: [PROJECT], maxProjects: 1 });
    if (pathname === '/api/status') return sendJson(response, 200, api.status);
    return sendJson(response, 404, { code: 'NotFound', message: 'Not found' });
  });
  apiClient.defaults.baseURL = `${server.url}/api`;
  // The status query (a plain fetch) reads the API's address from the page, as in the app.
  const apiUrlMeta = Object.assign(document.createElement('meta'), {
    name: 'api-url',
    content: `${server.url}/api`,
  });
  document.head.append(apiUrlMeta);
  api.close = async () => {
    apiUrlMeta.remove();
    await server.close();
  };
  return api;
}
