import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

type Logged = { level: string; fields: Record<string, unknown>; message: string };

// The route's own logger is read through a hook that exists only in this test: each warning is kept.
let t: TestApp;
const logged: Logged[] = [];
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      void app.addHook('preHandler', (request, _reply, done) => {
        const log = request.log;
        request.log = Object.assign(Object.create(log), {
          warn: (fields: Record<string, unknown>, message: string) => {
            logged.push({ level: 'warn', fields, message });
          },
        });
        done();
      }),
  });
});
afterAll(() => t.close());

const LEGACY_REPORT = {
  'csp-report': {
    'document-uri': 'https://cotacep.example/account/keys?token=secret#frag',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'https://evil.example/x.js?session=abc',
    'line-number': 12,
    'source-file': 'https://cotacep.example/assets/index.js',
    'status-code': 200,
  },
};

const REPORTING_API_REPORT = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://cotacep.example/',
    user_agent: 'Chrome',
    body: {
      documentURL: 'https://cotacep.example/login?code=123',
      blockedURL: 'inline',
      effectiveDirective: 'style-src-attr',
      disposition: 'enforce',
      lineNumber: 3,
      sourceFile: 'https://cotacep.example/',
    },
  },
  { type: 'deprecation', body: { id: 'x' } },
];

function report(payload: unknown, contentType: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/csp-report',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': contentType, ...headers },
  });
}

describe('POST /api/csp-report', () => {
  it('takes a report-uri body, logs the violation at warn without query strings, answers 204', async () => {
    logged.length = 0;
    // A browser sends the site's cookies and no XSRF header: that is not a forgery here.
    const response = await report(LEGACY_REPORT, 'application/csp-report', { cookie: 'XSRF-TOKEN=a.b' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'Content-Security-Policy violation',
        fields: {
          cspViolation: {
            documentUri: 'https://cotacep.example/account/keys',
            blockedUri: 'https://evil.example/x.js',
            violatedDirective: 'script-src-elem',
            sourceFile: 'https://cotacep.example/assets/index.js',
            lineNumber: 12,
            disposition: 'enforce',
          },
        },
      },
    ]);
  });

  it('takes a Reporting API body (report-to), logging only CSP violations', async () => {
    logged.length = 0;
    const response = await report(REPORTING_API_REPORT, 'application/reports+json');
    expect(response.statusCode).toBe(204);
    expect(logged.map((entry) => entry.fields.cspViolation)).toEqual([
      {
        documentUri: 'https://cotacep.example/login',
        blockedUri: 'inline',
        violatedDirective: 'style-src-attr',
        sourceFile: 'https://cotacep.example/',
        lineNumber: 3,
        disposition: 'enforce',
      },
    ]);
  });

  it('refuses a body that is not JSON and one over the small size limit, in the envelope', async () => {
    const malformed = await report('{"csp-report":', 'application/csp-report', { 'accept-language': 'en' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BadRequest', message: 'Invalid request' });
    const big = await report(
      { 'csp-report': { 'document-uri': 'x'.repeat(20_000) } },
      'application/csp-report',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PayloadTooLarge' });
  });

  it('is limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await report(LEGACY_REPORT, 'application/csp-report', {})).statusCode);
    }
    expect(statuses).toContain(429);
  });
});
