import { formatIpAddress, parseIpAddress } from './ip-ranges.ts';

/** The allowed-origins entry that lets a public key be used from any site. */
export const ANY_ORIGIN = '*';

const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/(\[[0-9a-f:.]+\]|[^/:?#@[\]\s]+)(?::(0|[1-9]\d{0,4}))?$/i;
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

function normalizeHost(host: string): string | null {
  if (host.startsWith('[')) {
    const address = parseIpAddress(host.slice(1, -1));
    return address?.version === 6 ? `[${formatIpAddress(address)}]` : null;
  }
  const lower = host.toLowerCase();
  if (lower.length > 253) return null;
  const labels = lower.split('.');
  if (labels.every((label) => /^\d+$/.test(label))) {
    const address = parseIpAddress(lower);
    return address?.version === 4 ? formatIpAddress(address) : null;
  }
  return labels.every((label) => DNS_LABEL.test(label)) ? lower : null;
}

/**
 * An exact origin as a browser sends it in the `Origin` header (`scheme://host[:port]`, no path), in
 * that same form: lower-case, default port dropped, IPv6 compressed. Null when it is not one.
 */
export function normalizeOrigin(text: string): string | null {
  const match = ORIGIN.exec(text.trim());
  if (!match) return null;
  const [, schemeText = '', hostText = '', port] = match;
  const scheme = schemeText.toLowerCase();
  const host = normalizeHost(hostText);
  if (!host) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;
  const keepsPort = port !== undefined && DEFAULT_PORTS[scheme] !== port;
  return `${scheme}://${host}${keepsPort ? `:${port}` : ''}`;
}

/** Splits the form's comma-separated list (commas, spaces or new lines) into trimmed entries. */
export function splitList(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}
