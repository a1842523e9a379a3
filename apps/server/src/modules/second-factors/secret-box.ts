import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator app's key), encrypted at rest with AES-256-GCM
 * (issue 25). The key is derived from the app secret by HKDF with a purpose of its own, so it is never the
 * secret that signs or peppers anything else; the record the secret belongs to (the user's id) is the
 * associated data, so a value copied onto another row does not open.
 */
const VERSION = 'v1';

function keyFor(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'cotacep', `secret-box:${purpose}`, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(appSecret: string, purpose: string, owner: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, purpose), iv);
  cipher.setAAD(Buffer.from(owner));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext; throws when the value was altered, sealed for another owner or with another secret. */
export function openSecret(appSecret: string, purpose: string, owner: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error('sealed secret malformed');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
