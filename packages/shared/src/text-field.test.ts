import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from './auth-schemas.ts';
import { createKeyRequestSchema } from './key-schemas.ts';
import { createProjectRequestSchema } from './project-schemas.ts';
import { text } from './text-field.ts';

const NUL = '\u0000';

describe('text(): the string of every request field', () => {
  it('refuses a NUL character first, with the "control characters" message', () => {
    const field = text().trim().min(1, 'required');
    expect(field.safeParse(`a${NUL}b`).error?.issues.map((issue) => issue.message)).toEqual([
      'validation.controlCharacters',
    ]);
    expect(field.parse(' ok ')).toBe('ok');
  });

  it('is what the request schemas use', () => {
    const firstIssue = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
      result.error?.issues[0];
    expect(
      firstIssue(
        signupRequestSchema.safeParse({
          firstName: `Ana${NUL}`,
          lastName: 'Souza',
          email: 'ana@example.com',
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
        }),
      ),
    ).toMatchObject({ message: 'validation.controlCharacters', path: ['firstName'] });
    expect(firstIssue(createProjectRequestSchema.safeParse({ name: NUL }))).toMatchObject({
      message: 'validation.controlCharacters',
      path: ['name'],
    });
    expect(
      firstIssue(
        createKeyRequestSchema.safeParse({ description: `x${NUL}`, kind: 'public', allowedOrigins: '*' }),
      ),
    ).toMatchObject({ message: 'validation.controlCharacters', path: ['description'] });
  });
});
