import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

// Issue 22, item 9: `GET /assets/*.js.map` served the whole front-end source. The build writes its maps
// without pointing to them, and the server does not serve them in production.

const INDEX =
  '<!doctype html><html><head><title>Cotacep</title></head><body><div id="root"></div></body></html>';
const MAP = JSON.stringify({ version: 3, sources: ['../src/secret-screen.tsx'], mappings: 'AAAA' });

/** The settings production refuses to start without; nothing here is reached. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  APP_SECRET: 'a-production-secret-of-at-least-32-chars',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'https://cotacep.example',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  STRIPE_API_URL: 'http://127.0.0.1:1',
};

let dist: string;
let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cotacep-dist-maps-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), MAP);
  const web = { SERVE_WEB: 'true', WEB_DIST_DIR: dist };
  production = await createTestApp({ env: { ...web, ...PRODUCTION } });
  development = await createTestApp({ env: web });
});
afterAll(async () => {
  await production?.close();
  await development?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('source maps', () => {
  it('are a 404 in production, like any file that is not there; the scripts are served', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map?x=1']) {
      const answer = await production.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('secret-screen');
    }
    expect((await production.app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
  });

  it('are served outside production, for a developer’s browser tools', async () => {
    const answer = await development.app.inject({ url: '/assets/index-abc123.js.map' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('secret-screen');
  });

  it('are written by the build, but no built script points to one', async () => {
    // The web app's own Vite configuration, on a one-module app: what `npm run build` does to every script.
    const root = await mkdtemp(path.join(os.tmpdir(), 'cotacep-build-maps-'));
    try {
      await writeFile(
        path.join(root, 'index.html'),
        '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
      );
      await writeFile(
        path.join(root, 'main.js'),
        "export const greet = (name) => 'Olá, ' + name;\ndocument.body.append(greet('mundo'));\n",
      );
      const outDir = path.join(root, 'dist');
      await build({
        configFile: path.resolve(import.meta.dirname, '../../../../web/vite.config.ts'),
        root,
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
      const files = (await readdir(outDir, { recursive: true })).map(String);
      const scripts = files.filter((file) => file.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(files.filter((file) => file.endsWith('.js.map'))).toHaveLength(scripts.length);
      for (const script of scripts) {
        expect(await readFile(path.join(outDir, script), 'utf8'), script).not.toMatch(/sourceMappingURL/);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
