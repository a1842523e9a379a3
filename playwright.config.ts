import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { GITHUB_CLIENT } from './e2e/support/github.ts';

/**
 * Browser journeys against the real server (built SPA + APIs) on a fresh PGlite directory, in the Debian
 * Chromium; Playwright never downloads a browser here. `node scripts/e2e.mjs` builds the app and picks a port.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// The server sends its e-mail to a real SMTP server that the identity journeys start on this port (e2e/support/smtp.ts).
process.env.E2E_SMTP_PORT ??= String(port + 1);
// Set once in the main process; the workers inherit it, so every process agrees on one directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'cotacep-e2e-'));
// Where the main server mails what the Contact form sends (the contact journey reads it over SMTP).
export const CONTACT_EMAIL = 'equipe-e2e@cotacep.local';
// Social sign-in on the main server: GitHub is a stand-in that the OAuth journey starts on this port
// (e2e/support/github.ts).
process.env.E2E_GITHUB_PORT ??= String(port + 3);
export const GITHUB_STAND_IN_URL = `http://127.0.0.1:${process.env.E2E_GITHUB_PORT}`;
// The billing journey's own server: a Free quota of 10 it can reach in a few calls (PLAN_QUOTAS), which
// would refuse the demo customer's keys on the main server, and no bot protection (the identity journey
// covers it).
const billingPort = Number(process.env.E2E_BILLING_PORT ?? port + 2);
export const BILLING_BASE_URL = `http://127.0.0.1:${billingPort}`;
process.env.E2E_BILLING_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'cotacep-e2e-billing-'));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  forbidOnly: process.env.CI === 'true',
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: 'node --import tsx apps/server/src/server.ts',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        CONTACT_EMAIL,
        GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
        GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
        GITHUB_AUTHORIZE_URL: `${GITHUB_STAND_IN_URL}/login/oauth/authorize`,
        GITHUB_TOKEN_URL: `${GITHUB_STAND_IN_URL}/login/oauth/access_token`,
        GITHUB_API_URL: GITHUB_STAND_IN_URL,
        // Every journey signs up and asks for codes from 127.0.0.1 with one mail domain: the per-IP and
        // per-domain delivery limits are the server tests' subject, not the journeys'.
        CODE_MAX_PER_IP_PER_HOUR: '100000',
        CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: '100000',
        // Bot protection stays the default (ALTCHA): the forms solve its proof of work in Chromium.
      },
    },
    {
      command: 'node --import tsx apps/server/src/server.ts',
      url: `${BILLING_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(billingPort),
        PUBLIC_URL: BILLING_BASE_URL,
        DATA_DIR: process.env.E2E_BILLING_DATA_DIR,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        CAPTCHA_PROVIDER: 'off',
        DEMO_SEED: 'false',
        PLAN_QUOTAS: 'free:10',
        USAGE_FLUSH_INTERVAL_MS: '200',
        CODE_MAX_PER_IP_PER_HOUR: '100000',
        CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: '100000',
      },
    },
  ],
});
