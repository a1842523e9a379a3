import type { Language } from '@cotacep/shared/languages';
import type { Passkey } from '@cotacep/shared/passkey-schemas';
import { describeUserAgent } from '@cotacep/shared/user-agent';
import type { WebAuthnCredential } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys } from '../../db/schema/second-factors.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

/** The user's passkeys, oldest first (the order they were added in). */
export function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function findUserPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)));
  return row ?? null;
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** The stored credential as `@simplewebauthn/server` verifies an assertion with it. */
export function toCredential(row: PasskeyRow): WebAuthnCredential {
  return {
    id: row.credentialId,
    publicKey: isoBase64URL.toBuffer(row.publicKey),
    counter: row.counter,
    transports: transportsOf(row),
  };
}

/** The transports the browser reported, as hints for the next prompt (`internal`, `hybrid`, …). */
export function transportsOf(row: PasskeyRow): WebAuthnCredential['transports'] {
  return row.transports ? (row.transports.split(',') as WebAuthnCredential['transports']) : undefined;
}

/**
 * The user handle a credential carries: the user's id, never their e-mail (the authenticator may show it
 * and the spec forbids personal data there). A discoverable credential's answer names its user with it.
 */
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

/** A passkey added without a name is named after the browser that made it: "Chrome 126 on macOS". */
export function defaultPasskeyName(userAgent: string | undefined, language: Language): string {
  const device = describeUserAgent(userAgent ?? null);
  if (!device) return 'Passkey';
  if (!device.os) return device.browser;
  return `${device.browser} ${language === 'en' ? 'on' : 'no'} ${device.os}`;
}
