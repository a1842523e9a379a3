/** A key as the examples show it while its secret stays hidden: its prefix and a masked tail. */
export function maskSecret(prefix: string): string {
  return `${prefix}••••••••`;
}

/** A pasted secret belongs to the key when it starts with the key's prefix (its first characters). */
export function isSecretOfKey(secret: string, prefix: string): boolean {
  return secret.startsWith(prefix) && /^[A-Za-z0-9_-]{16,128}$/.test(secret);
}
