// The layering rules of docs/architecture.md, checked on the real import graph (run by `npm run lint`):
// web features do not import each other; web components/lib do not import features/app; server plugins do
// not import modules; web and server do not import each other; server modules form no import cycle.
// Plain Node on purpose: Biome's noRestrictedImports matches import strings, not resolved files, and
// cannot see cycles.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/**
 * Imports that break a rule on purpose, each with its reason: `from` and `to` are paths relative to the
 * root. Keep this empty unless moving the shared piece down is really wrong.
 * @type {{ from: string, to: string, reason: string }[]}
 */
export const EXCEPTIONS = [
  {
    from: 'apps/web/src/test/portal-second-factors.ts',
    to: 'apps/server/src/test/software-authenticator.ts',
    reason:
      'test code only: happy-dom has no WebAuthn, so web screen tests make passkeys through the API with the ' +
      "one software authenticator the server's passkey tests prove; a web copy would drift from it",
  },
];

const STATIC_IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
const DYNAMIC_IMPORT = /\b(?:import|vi\.mock|vi\.importActual)\(\s*['"]([^'"\n]+)['"]/g;

/** Every module specifier a file imports, with its line. Comments are blanked first. */
export function readSpecifiers(text) {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index + match[0].length).split('\n').length;
      found.push({ specifier: match[1], line });
    }
  }
  return found;
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files.push(...listFiles(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path.join(dir, entry.name));
    }
  }
  return files;
}

function resolveFile(candidate) {
  const tries = [
    candidate,
    ...['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((e) => candidate + e),
  ];
  return tries.find((t) => existsSync(t) && statSync(t).isFile()) ?? candidate;
}

/** The file a specifier points at (relative to `root`), or null for a third-party package. */
function resolveSpecifier(root, fromFile, specifier) {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  const aliases = [
    ['#server/', 'apps/server/src/'],
    ['#web/', 'apps/web/src/'],
    ['@cotacep/shared/', 'packages/shared/src/'],
    ['@cotacep/client/', 'packages/client/src/'],
    ['@cotacep/server/', 'apps/server/'],
    ['@cotacep/web/', 'apps/web/'],
  ];
  for (const [prefix, target] of aliases) {
    if (specifier.startsWith(prefix))
      return resolveFile(path.join(root, target, specifier.slice(prefix.length)));
  }
  if (specifier === '@cotacep/server') return path.join(root, 'apps/server/package.json');
  if (specifier === '@cotacep/web') return path.join(root, 'apps/web/package.json');
  return null;
}

/** Where a file sits in the layering: its app and its part (feature, module, layer). */
export function placeOf(relative) {
  const p = relative.split(path.sep).join('/');
  let m = /^apps\/web\/src\/features\/([^/]+)\//.exec(p);
  if (m) return { app: 'web', layer: 'features', name: m[1] };
  m = /^apps\/web\/src\/([^/]+)\//.exec(p);
  if (m) return { app: 'web', layer: m[1], name: m[1] };
  if (p.startsWith('apps/web/')) return { app: 'web', layer: 'root', name: 'root' };
  m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(p);
  if (m) return { app: 'server', layer: 'modules', name: m[1] };
  m = /^apps\/server\/src\/([^/]+)\//.exec(p);
  if (m) return { app: 'server', layer: m[1], name: m[1] };
  if (p.startsWith('apps/server/')) return { app: 'server', layer: 'root', name: 'root' };
  return { app: p.split('/')[0], layer: 'other', name: 'other' };
}

/** The rule an import from `a` to `b` breaks, or null. */
export function brokenRule(a, b) {
  if (a.app === 'web' && b.app === 'server')
    return 'web imports server code (share it through packages/shared)';
  if (a.app === 'server' && b.app === 'web')
    return 'server imports web code (share it through packages/shared)';
  if (a.app === 'web' && b.app === 'web') {
    if (a.layer === 'features' && b.layer === 'features' && a.name !== b.name) {
      return `feature "${a.name}" imports feature "${b.name}" (compose them in app/, or move the shared piece to components/ or lib/)`;
    }
    if ((a.layer === 'components' || a.layer === 'lib') && (b.layer === 'features' || b.layer === 'app')) {
      return `web ${a.layer}/ imports ${b.layer}/ (shared code flows shared → features → app)`;
    }
  }
  if (a.app === 'server' && b.app === 'server' && a.layer === 'plugins' && b.layer === 'modules') {
    return `server plugins/ imports modules/${b.name} (plugins are infrastructure; depend on an interface or move the piece to lib/)`;
  }
  return null;
}

/** Cycles among server modules: each strongly connected component of two or more modules (Tarjan). */
export function findModuleCycles(edges) {
  const graph = new Map();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from).add(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components;
}

const ROOTS = ['apps/server/src', 'apps/server/scripts', 'apps/web/src', 'packages', 'e2e', 'bench'];

/** Every rule broken under `root`, as printable lines. */
export function checkImports(root) {
  const problems = [];
  const moduleEdges = [];
  const isException = (from, to) => EXCEPTIONS.some((e) => e.from === from && e.to === to);
  for (const file of ROOTS.flatMap((r) => listFiles(path.join(root, r)))) {
    const from = path.relative(root, file);
    const a = placeOf(from);
    for (const { specifier, line } of readSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(root, file, specifier);
      if (!target) continue;
      const to = path.relative(root, target);
      const b = placeOf(to);
      if (isException(from, to.split(path.sep).join('/'))) continue;
      const rule = brokenRule(a, b);
      if (rule) problems.push(`${from}:${line} imports ${specifier}\n  ${rule}`);
      if (
        a.app === 'server' &&
        a.layer === 'modules' &&
        b.app === 'server' &&
        b.layer === 'modules' &&
        a.name !== b.name
      ) {
        moduleEdges.push({ from: a.name, to: b.name, where: `${from}:${line} → ${to}` });
      }
    }
  }
  for (const cycle of findModuleCycles(moduleEdges)) {
    const inCycle = moduleEdges.filter((e) => cycle.includes(e.from) && cycle.includes(e.to));
    problems.push(
      `server modules import each other in a cycle: ${cycle.join(', ')}\n${inCycle.map((e) => `  ${e.from} → ${e.to}: ${e.where}`).join('\n')}`,
    );
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkImports(root);
  if (problems.length > 0) {
    console.error(`Import rules (docs/architecture.md) broken ${problems.length} time(s):\n`);
    for (const problem of problems) console.error(`${problem}\n`);
    process.exit(1);
  }
  console.log('Import rules: no violation.');
}
