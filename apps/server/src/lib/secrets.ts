import { createHash, createHmac, hash, randomBytes, randomInt } from 'node:crypto';

/** Opaque random tokens (refresh tokens, challenge sessions, OAuth state): 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Codes are stored as an HMAC with the server's secret: a leaked table alone cannot be brute-forced. */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** API key hashes: SHA-256 in hex; the one-shot `hash` spares the gateway's hot path a Hash object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
