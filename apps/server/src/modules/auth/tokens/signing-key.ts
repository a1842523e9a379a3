import { eq } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
} from 'jose';
import type { Db } from '#server/db/client.ts';
import { signingKeys } from '#server/db/schema/signing-keys.ts';

export type SigningAlgorithm = 'ES256' | 'EdDSA';

export type SigningKey = { kid: string; alg: SigningAlgorithm; privateKey: CryptoKey; publicJwk: JWK };

/** The key tokens are signed with, and the public keys of every key whose tokens are still accepted. */
export type KeyRing = { active: SigningKey; publicKeys: JWK[] };

function toPublicJwk(jwk: JWK): JWK {
  const { d: _private, ...rest } = jwk;
  return rest;
}

async function describe(privateKey: CryptoKey, alg: SigningAlgorithm): Promise<SigningKey> {
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, alg, privateKey, publicJwk: { ...toPublicJwk(jwk), kid, alg, use: 'sig' } };
}

/** A configured PKCS#8 key: P-256 → ES256, Ed25519 → EdDSA. */
async function importConfiguredKey(pem: string): Promise<SigningKey> {
  for (const alg of ['ES256', 'EdDSA'] as const) {
    try {
      return await describe(await importPKCS8(pem, alg, { extractable: true }), alg);
    } catch {
      // Not this algorithm's key; try the next.
    }
  }
  throw new Error('JWT_PRIVATE_KEY: not a P-256 (ES256) or Ed25519 (EdDSA) PKCS#8 private key');
}

/**
 * JWT_PRIVATE_KEY when configured; otherwise the active key kept in the database, generated on first
 * start. Concurrent first starts insert at most one active key (partial unique index); all read it back.
 */
export async function loadKeyRing(db: Db, configuredPem?: string): Promise<KeyRing> {
  if (configuredPem) {
    const active = await importConfiguredKey(configuredPem);
    return { active, publicKeys: [active.publicJwk] };
  }
  if (!(await db.select().from(signingKeys).where(eq(signingKeys.active, true))).length) {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const generated = await describe(pair.privateKey, 'ES256');
    await db
      .insert(signingKeys)
      .values({
        kid: generated.kid,
        algorithm: generated.alg,
        privateJwk: (await exportJWK(generated.privateKey)) as Record<string, unknown>,
        publicJwk: generated.publicJwk as Record<string, unknown>,
        active: true,
      })
      .onConflictDoNothing();
  }
  const rows = await db.select().from(signingKeys);
  const activeRow = rows.find((row) => row.active);
  if (!activeRow) throw new Error('no active signing key after insert');
  const alg = activeRow.algorithm as SigningAlgorithm;
  const privateKey = (await importJWK(activeRow.privateJwk as JWK, alg)) as CryptoKey;
  return {
    active: { kid: activeRow.kid, alg, privateKey, publicJwk: activeRow.publicJwk as JWK },
    publicKeys: rows.map((row) => row.publicJwk as JWK),
  };
}
