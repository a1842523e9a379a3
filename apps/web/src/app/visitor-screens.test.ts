import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(src, '../../../packages/shared/src');
/** Imports that load code: `import type` and `export type` load nothing. */
const IMPORT = /^(?:import|export)\s+(?!type\b)(?:[\w*{}\s,]+from\s+)?['"]([^'"]+)['"]/gm;

/** A specifier as a file of this repository, or null for a package of node_modules. */
function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith('#web/')) return path.join(src, specifier.slice('#web/'.length));
  if (specifier.startsWith('@cotacep/shared/')) return `${path.join(shared, specifier.split('/')[2]!)}.ts`;
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return null;
}

/** Every file and package a screen loads before it renders: its static imports, followed (no `import()`). */
function loadedBy(screen: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, specifier!);
      if (target === null) packages.add(specifier!);
      else if (/\.tsx?$/.test(target) && existsSync(target)) visit(target);
    }
  };
  visit(path.join(src, screen));
  return { files: [...files].map((file) => path.relative(src, file)), packages: [...packages] };
}

// Issue 14, item 7: a visitor's pricing and quick start paint with their own code only; the API client,
// the forms' and schemas' libraries and the public APIs' client come with what needs them.
describe.each(['app/pricing-screen.tsx', 'app/quick-start-screen.tsx'])('%s, for a visitor', (screen) => {
  const { files, packages } = loadedBy(screen);

  it('follows the static imports', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(packages).toContain('@mantine/core');
  });

  it('loads no API client, zod, form library or Mantine component that measures itself on mount', () => {
    expect(files).not.toContain('lib/api/clients.ts');
    for (const heavy of ['axios', 'zod', 'react-hook-form', '@cotacep/client', '@mantine/notifications']) {
      expect(packages).not.toContain(heavy);
    }
    const sources = files.map((file) => readFileSync(path.join(src, file), 'utf8')).join('\n');
    expect(sources).not.toMatch(/<(?:SegmentedControl|Modal|Select)\b/);
  });
});
