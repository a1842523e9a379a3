// `npm run test:e2e`: the browser journeys. Builds the web app when it is missing or stale, picks a free
// port, then runs Playwright with the Debian Chromium (never a downloaded browser).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const notice = `Browser tests need Chromium at ${chromium} (apt-get install -y chromium fonts-liberation, or set CHROMIUM_PATH).`;
  if (process.env.CI === 'true') {
    console.error(`${notice}\nCI=true: failing.`);
    process.exit(1);
  }
  console.warn(`${notice}\nSkipping the browser tests.`);
  process.exit(0);
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

buildWebIfNeeded();
const port = process.env.E2E_PORT ?? String(await findFreePort());
let smtpPort = process.env.E2E_SMTP_PORT ?? String(await findFreePort());
while (smtpPort === port) smtpPort = String(await findFreePort());
let billingPort = process.env.E2E_BILLING_PORT ?? String(await findFreePort());
while (billingPort === port || billingPort === smtpPort) billingPort = String(await findFreePort());
let githubPort = process.env.E2E_GITHUB_PORT ?? String(await findFreePort());
while ([port, smtpPort, billingPort].includes(githubPort)) githubPort = String(await findFreePort());
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: port,
    E2E_SMTP_PORT: smtpPort,
    E2E_BILLING_PORT: billingPort,
    E2E_GITHUB_PORT: githubPort,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    CHROMIUM_PATH: chromium,
  },
});
process.exit(result.status ?? 1);
