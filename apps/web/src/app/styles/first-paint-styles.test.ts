import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const mantineStyles = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css'));
const firstPaintStyles = readFileSync(path.join(import.meta.dirname, 'first-paint-styles.ts'), 'utf8');

/** The routes' lazy screens load the complete styles (withAllStyles); nothing else that is lazy does. */
const ROUTES = path.join(src, 'app/routes.tsx');
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[\w*{}\s,]+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The app's files the landing can show without a lazy route: main.tsx's static imports, followed, and the
 * code they load with `import()` outside routes.tsx (the shell's lazy parts: toasts, drawer, banners).
 */
function eagerFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  const imports = [...code.matchAll(STATIC_IMPORT)];
  if (entry !== ROUTES) imports.push(...code.matchAll(DYNAMIC_IMPORT));
  for (const [, specifier] of imports) {
    const target = path.resolve(path.dirname(entry), specifier!);
    if (/\.tsx?$/.test(target) && existsSync(target)) eagerFiles(target, seen);
  }
  return seen;
}

/** Mantine components a file imports from @mantine/core and renders (`Input.extend` in a theme is not one). */
function mantineComponents(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const [, list] of code.matchAll(/^import \{([^}]*)\} from '@mantine\/core';/gm)) {
    for (const name of list!.split(',').map((part) => part.trim())) {
      if (name && !name.startsWith('type ') && new RegExp(`<${name}[\\s>./]`).test(code)) names.push(name);
    }
  }
  return names;
}

describe('first-paint styles (decision 016)', () => {
  const files = eagerFiles(path.join(src, 'main.tsx'));

  it('follow the eager import graph from main.tsx', () => {
    const relative = [...files].map((file) => path.relative(src, file));
    expect(relative).toContain('app/layouts/site-header.tsx');
    expect(relative).toContain('features/landing/components/landing-page.tsx');
    expect(relative).toContain('app/layouts/header-drawer.ts');
    expect(relative).not.toContain('app/pricing-screen.tsx');
  });

  it('carry the CSS of every Mantine component the first paint can show', () => {
    const missing = new Set<string>();
    for (const file of files) {
      for (const component of mantineComponents(file)) {
        const css = `${component}.layer.css`;
        const hasStyles = existsSync(path.join(mantineStyles, 'styles', css));
        if (hasStyles && !firstPaintStyles.includes(`@mantine/core/styles/${css}`)) {
          missing.add(`${component} (${path.relative(src, file)})`);
        }
      }
    }
    expect([...missing], 'add their .layer.css to first-paint-styles.ts').toEqual([]);
  });
});
