import { randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '@cotacep/shared/allowed-list';
import { SECRET_PREFIXES } from '@cotacep/shared/key-schemas';
import { hashToken } from '../../lib/secrets.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 32 characters of 62: about 190 random bits (at least 128 are required). */
const RANDOM_LENGTH = 32;
/** Characters after the kind's prefix that the portal shows to recognise a key. */
const SHOWN_LENGTH = 4;

/** Uniform base62 by rejection sampling: bytes ≥ 248 would favour the first letters. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export type NewSecret = { secret: string; hash: string; prefix: string };

/** `ck_pub_…` or `ck_priv_…`; the secret leaves the server once, in the answer that created it. */
export function generateSecret(kind: ApiKeyKind): NewSecret {
  const secret = `${SECRET_PREFIXES[kind]}${randomBase62(RANDOM_LENGTH)}`;
  return {
    secret,
    hash: hashToken(secret),
    prefix: secret.slice(0, SECRET_PREFIXES[kind].length + SHOWN_LENGTH),
  };
}
