import { describe, expect, it } from 'vitest';
import { createKeyRequestSchema, rotateKeyRequestSchema, updateKeyRequestSchema } from './key-schemas.ts';
import { createProjectRequestSchema } from './project-schemas.ts';

const issues = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('key request schemas', () => {
  it('creates an enabled key by default and turns the list into entries', () => {
    const parsed = createKeyRequestSchema.parse({
      description: '  Site  ',
      kind: 'public',
      allowedOrigins: 'https://Example.com, http://localhost:3000',
    });
    expect(parsed).toEqual({
      description: 'Site',
      kind: 'public',
      enabled: true,
      allowedOrigins: ['https://example.com', 'http://localhost:3000'],
    });
  });

  it('validates the list for the kind given and points at the field', () => {
    const result = createKeyRequestSchema.safeParse({
      description: 'Backend',
      kind: 'private',
      allowedOrigins: 'https://example.com',
    });
    expect(issues(result)).toEqual([['allowedOrigins', 'validation.allowedIpInvalid']]);
  });

  it('asks for the description, a known kind and a project id', () => {
    const result = createKeyRequestSchema.safeParse({
      description: ' ',
      kind: 'secret',
      allowedOrigins: '*',
      projectId: 'nope',
    });
    expect(issues(result)).toEqual(
      expect.arrayContaining([
        ['description', 'validation.descriptionRequired'],
        ['kind', 'validation.keyKindInvalid'],
      ]),
    );
    expect(issues(result).some(([path]) => path === 'projectId')).toBe(true);
  });

  it('updates fields one at a time, but a kind only with its list', () => {
    expect(updateKeyRequestSchema.parse({ enabled: false })).toEqual({ enabled: false });
    expect(updateKeyRequestSchema.parse({ kind: 'private', allowedOrigins: '::/0' })).toEqual({
      kind: 'private',
      allowedOrigins: ['::/0'],
    });
    expect(issues(updateKeyRequestSchema.safeParse({ allowedOrigins: '*' }))).toEqual([
      ['kind', 'validation.keyKindRequired'],
    ]);
    expect(issues(updateKeyRequestSchema.safeParse({ kind: 'public' }))).toEqual([
      ['allowedOrigins', 'validation.allowedOriginsRequired'],
    ]);
  });

  it('bounds the grace period of a rotation', () => {
    expect(rotateKeyRequestSchema.parse({})).toEqual({ graceSeconds: 0 });
    expect(rotateKeyRequestSchema.parse({ graceSeconds: 604_800 })).toEqual({ graceSeconds: 604_800 });
    for (const graceSeconds of [-1, 604_801, 1.5, '60']) {
      expect(issues(rotateKeyRequestSchema.safeParse({ graceSeconds }))).toEqual([
        ['graceSeconds', 'validation.graceSecondsInvalid'],
      ]);
    }
  });

  it('asks for a project name', () => {
    expect(issues(createProjectRequestSchema.safeParse({ name: '  ' }))).toEqual([
      ['name', 'validation.projectNameRequired'],
    ]);
    expect(createProjectRequestSchema.parse({ name: ' Loja ' })).toEqual({ name: 'Loja', description: '' });
  });
});
