import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const fixture = path.join(import.meta.dirname, 'fixtures', 'translation-keys.fixture.tsx');
const project = path.join(import.meta.dirname, 'fixtures', 'tsconfig.json');
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin',
  'tsc',
);

/** The project's own compiler on the fixture: its diagnostics, one line each. */
async function compileFixture(): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', project, '--pretty', 'false']);
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

const linesMarkedRefused = () =>
  readFileSync(fixture, 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.includes('// refused') ? [index + 1] : []));

const linesWithErrors = (output: string) => [
  ...new Set(
    [...output.matchAll(/\.fixture\.tsx\((\d+),\d+\): error TS\d+/g)].map((match) => Number(match[1])),
  ),
];

describe('typed translation keys (decision 034)', () => {
  it('make a misspelt key a type error, in t(), <Trans> and data, and nothing else', async () => {
    const output = await compileFixture();
    const refused = linesMarkedRefused();
    expect(refused.length).toBeGreaterThanOrEqual(8);
    expect(linesWithErrors(output)).toEqual(refused);
    expect(output).toContain(`Argument of type '"fields.webiste"' is not assignable`);
    expect(output).toContain(`Argument of type '\`plans.\${string}\`' is not assignable`);
  }, 60_000);
});
