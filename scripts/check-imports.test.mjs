import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, findModuleCycles, readSpecifiers } from './check-imports.mjs';

const roots = [];

/** A throwaway repository holding `files` (path → source). */
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-imports-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const clean = {
  'packages/shared/src/plans.ts': 'export const PLANS = [];\n',
  'apps/web/src/lib/format.ts': "import { PLANS } from '@cotacep/shared/plans';\nexport const f = PLANS;\n",
  'apps/web/src/features/keys/keys-page.tsx':
    "import { f } from '../../lib/format.ts';\nexport const k = f;\n",
  'apps/web/src/app/routes.tsx':
    "import { k } from '../features/keys/keys-page.tsx';\nimport { p } from '../features/projects/page.tsx';\nexport const r = [k, p];\n",
  'apps/web/src/features/projects/page.tsx': 'export const p = 1;\n',
  'apps/server/src/lib/secrets.ts': 'export const s = 1;\n',
  'apps/server/src/plugins/guard.ts': "import { s } from '../lib/secrets.ts';\nexport const g = s;\n",
  'apps/server/src/modules/keys/service.ts':
    "import { g } from '../../plugins/guard.ts';\nimport type { U } from '../usage/report.ts';\nexport const k = g;\n",
  'apps/server/src/modules/usage/report.ts': 'export type U = number;\n',
};

describe('import rules', () => {
  it('accepts a tree that follows them', () => {
    expect(checkImports(tree(clean))).toEqual([]);
  });

  it('fails a web feature importing another feature', () => {
    const problems = checkImports(
      tree({
        ...clean,
        'apps/web/src/features/projects/page.tsx': "import { k } from '../keys/keys-page.tsx';\n",
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('apps/web/src/features/projects/page.tsx:1 imports ../keys/keys-page.tsx');
    expect(problems[0]).toContain('feature "projects" imports feature "keys"');
  });

  it('fails web components or lib importing features or app', () => {
    const problems = checkImports(
      tree({
        ...clean,
        'apps/web/src/components/menu.tsx': "import { r } from '../app/routes.tsx';\n",
        'apps/web/src/lib/use-keys.ts': "export { k } from '../features/keys/keys-page.tsx';\n",
      }),
    );
    expect(problems.join('\n')).toContain('web components/ imports app/');
    expect(problems.join('\n')).toContain('web lib/ imports features/');
    expect(problems).toHaveLength(2);
  });

  it('fails a server plugin importing a module, even for a type or a dynamic import', () => {
    const problems = checkImports(
      tree({
        ...clean,
        'apps/server/src/plugins/guard.ts':
          "import type {\n  U,\n} from '../modules/usage/report.ts';\nconst m = await import('../modules/keys/service.ts');\n",
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('plugins/guard.ts:3 imports ../modules/usage/report.ts');
    expect(problems[1]).toContain('server plugins/ imports modules/keys');
  });

  it('fails web and server importing each other', () => {
    const problems = checkImports(
      tree({
        ...clean,
        'apps/web/src/lib/secrets.ts': "import { s } from '../../../server/src/lib/secrets.ts';\n",
        'apps/server/src/lib/format.ts': "import { f } from '../../../web/src/lib/format.ts';\n",
      }),
    );
    expect(problems.join('\n')).toContain('web imports server code');
    expect(problems.join('\n')).toContain('server imports web code');
  });

  it('fails server modules importing each other in a cycle, naming every import in it', () => {
    const problems = checkImports(
      tree({
        ...clean,
        'apps/server/src/modules/usage/report.ts':
          "import { a } from '../auth/users.ts';\nexport type U = number;\n",
        'apps/server/src/modules/auth/users.ts':
          "import { k } from '../keys/service.ts';\nexport const a = k;\n",
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('server modules import each other in a cycle: auth, keys, usage');
    expect(problems[0]).toContain('usage → auth: apps/server/src/modules/usage/report.ts:1');
  });

  it('ignores imports in comments and finds every kind of import', () => {
    const specifiers = readSpecifiers(
      "// import x from './commented.ts';\n/* import y from './block.ts'; */\nimport a from './a.ts';\nexport * from './b.ts';\nimport './c.css';\nvi.mock('./d.ts');\n",
    ).map((found) => found.specifier);
    expect(specifiers.sort()).toEqual(['./a.ts', './b.ts', './c.css', './d.ts']);
  });

  it('reports each cycle once, as one group', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'a' },
      { from: 'b', to: 'c' },
      { from: 'd', to: 'e' },
      { from: 'e', to: 'd' },
    ];
    expect(findModuleCycles(edges)).toEqual([
      ['a', 'b'],
      ['d', 'e'],
    ]);
  });

  it('exits 1 with the broken rule when run on a violating tree (as `npm run lint` does)', () => {
    const root = tree({
      ...clean,
      'apps/server/src/plugins/bad.ts': "import { k } from '../modules/keys/service.ts';\n",
    });
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-imports.mjs');
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apps/server/src/plugins/bad.ts:1 imports ../modules/keys/service.ts');
    const ok = spawnSync(process.execPath, [script, tree(clean)], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
  });
});
