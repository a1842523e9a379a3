import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cotacep-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const PAGES = ['/', '/dashboard', '/api/session/xsrf', '/api/plans', '/api/unknown'];

describe('page and portal headers', () => {
  it('deny the browser features the site does not use', async () => {
    for (const url of PAGES) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid']) {
        expect(policy, `${url} ${feature}`).toContain(`${feature}=()`);
      }
      expect(policy, url).not.toContain('clipboard-write');
      // Issue 25: the site's own pages sign in with passkeys (WebAuthn's get), which a deny would block.
      expect(policy, url).not.toContain('publickey-credentials');
    }
  });

  it('report CSP violations to /api/csp-report, with report-to and the older report-uri', async () => {
    for (const url of PAGES) {
      const response = await t.app.inject({ method: 'GET', url });
      const directives = String(response.headers['content-security-policy']).split(';');
      expect(directives, url).toContain('report-uri /api/csp-report');
      expect(directives, url).toContain('report-to csp');
      expect(directives, url).toContain("object-src 'none'");
      expect(response.headers['reporting-endpoints'], url).toBe('csp="/api/csp-report"');
    }
  });

  it('the public JSON APIs still get only nosniff', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/quotes/json/last/USD-BRL' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['permissions-policy']).toBeUndefined();
    expect(response.headers['reporting-endpoints']).toBeUndefined();
  });
});
