import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/prerendered.html',
  'apps/web/scripts',
  'apps/web/vite.config.ts',
  'apps/web/shell-texts-plugin.ts',
  'apps/web/package.json',
  'apps/server/scripts/write-openapi-documents.ts',
  'packages/shared/src',
  'packages/client/src',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full, { recursive: true })
    .map((entry) => statSync(path.join(full, String(entry))).mtimeMs)
    .reduce((a, b) => Math.max(a, b), stat.mtimeMs);
}

function builtAt() {
  // The build's last output (decision 039): a build stopped before the prerender is not a build.
  const built = path.join(root, 'apps/web/dist/prerendered/manifest.json');
  return existsSync(built) ? statSync(built).mtimeMs : 0;
}

const isStale = () => builtAt() < Math.max(...sources.map(newestMtime));

/** One build at a time in this tree: two commands started together (`npm start`, the e2e run) share it. */
function withBuildLock(build) {
  const lock = path.join(root, 'apps/web/dist.lock');
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a build can take was left by a killed process.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10 * 60_000)
        rmSync(lock, { force: true, recursive: true });
      Atomics.wait(wait, 0, 0, 500);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

/** Builds the SPA when dist is missing or older than any of its sources; a no-op otherwise. */
export function buildWebIfNeeded() {
  if (!isStale()) return;
  withBuildLock(() => {
    if (!isStale()) return;
    console.log(builtAt() ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
    const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  });
}
