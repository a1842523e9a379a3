import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MIN_LENGTH } from '@cotacep/shared/auth-fields';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/secrets.ts';

/** argon2id with the OWASP minimum: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Unknown e-mails still pay for one argon2 verification, so they answer in about the same time. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

function getCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return getCommonPasswords().has(password.toLowerCase());
}

/** The policy for every new password (sign-up, reset, change): length and not a common password. */
export function assertPasswordPolicy(password: string): void {
  // Over-long passwords never get here: the request schema refuses them with their own message.
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('InvalidPassword');
  if (isCommonPassword(password)) throw new AppError('PasswordTooCommon');
}
