import { formatIpRange, parseIpRange } from './ip-ranges.ts';
import { ANY_ORIGIN, normalizeOrigin, splitList } from './origins.ts';
import type { ValidationMessageKey } from './validation-messages.ts';

export const API_KEY_KINDS = ['public', 'private'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

export const MAX_ALLOWED_ENTRIES = 100;

/** Every IPv4 and every IPv6 client: what a private key's list holds to allow any IP. */
export const ANY_IP_RANGES = ['0.0.0.0/0', '::/0'] as const;

export type AllowedListResult =
  | { ok: true; entries: string[] }
  | { ok: false; message: ValidationMessageKey };

/**
 * Reads a key's comma-separated allowed list for its kind. Public keys: `*` (every origin), exact
 * origins, or none: a public key without origins answers no one until its owner lists a site
 * (decision 028). Private keys: IPv4/IPv6 addresses and CIDR ranges (`0.0.0.0/0` and `::/0` allow every
 * IP), at least one. Entries come back normalised and without duplicates; `*` alongside origins still
 * means every origin.
 */
export function parseAllowedList(kind: ApiKeyKind, text: string): AllowedListResult {
  const items = splitList(text);
  if (items.length === 0) {
    return kind === 'public' ? { ok: true, entries: [] } : { ok: false, message: 'allowedIpsRequired' };
  }
  if (items.length > MAX_ALLOWED_ENTRIES) return { ok: false, message: 'allowedListTooLong' };
  if (kind === 'public' && items.includes(ANY_ORIGIN)) return { ok: true, entries: [ANY_ORIGIN] };
  const entries = new Set<string>();
  for (const item of items) {
    const entry = kind === 'public' ? normalizeOrigin(item) : normalizeIpEntry(item);
    if (!entry)
      return { ok: false, message: kind === 'public' ? 'allowedOriginInvalid' : 'allowedIpInvalid' };
    entries.add(entry);
  }
  return { ok: true, entries: [...entries] };
}

function normalizeIpEntry(text: string): string | null {
  const range = parseIpRange(text);
  return range ? formatIpRange(range) : null;
}

/** The list as the form shows it. */
export function joinAllowedList(entries: readonly string[]): string {
  return entries.join(', ');
}
