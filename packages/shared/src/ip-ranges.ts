/**
 * IPv4/IPv6 addresses and CIDR ranges as written in a private key's allowed list, parsed without Node
 * so the web form and the server agree on what is valid. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`)
 * is read as the IPv4 address it carries, which is how a dual-stack socket reports IPv4 clients.
 */
export type IpVersion = 4 | 6;

export type IpAddress = { version: IpVersion; bytes: number[] };

export type IpRange = IpAddress & { prefix: number };

const IPV4_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const PREFIX = /^(0|[1-9]\d{0,2})$/;

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => IPV4_OCTET.test(part))) return null;
  return parts.map(Number);
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const parts = text.split(':');
  const bytes: number[] = [];
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (!v4) return null;
      bytes.push(...v4);
    } else if (HEX_GROUP.test(part)) {
      const value = Number.parseInt(part, 16);
      bytes.push(value >> 8, value & 0xff);
    } else {
      return null;
    }
  }
  return bytes;
}

function parseIpv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2 || (halves.length === 2 && halves[0]?.includes('.'))) return null;
  const head = parseGroups(halves[0] ?? '');
  if (!head) return null;
  if (halves.length === 1) return head.length === 16 ? head : null;
  const tail = parseGroups(halves[1] ?? '');
  if (!tail || head.length + tail.length > 14) return null;
  return [...head, ...new Array(16 - head.length - tail.length).fill(0), ...tail];
}

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function isMappedIpv4(bytes: number[]): boolean {
  return MAPPED_PREFIX.every((byte, index) => bytes[index] === byte);
}

/** An address in any usual notation, or null. Zone ids (`%eth0`) are refused. */
export function parseIpAddress(text: string): IpAddress | null {
  if (text.includes(':')) {
    const bytes = parseIpv6(text);
    if (!bytes) return null;
    return isMappedIpv4(bytes) ? { version: 4, bytes: bytes.slice(12) } : { version: 6, bytes };
  }
  const bytes = parseIpv4(text);
  return bytes ? { version: 4, bytes } : null;
}

/** `address` (a range of one) or `address/prefix`; host bits are cleared, so `10.1.2.3/8` is `10.0.0.0/8`. */
export function parseIpRange(text: string): IpRange | null {
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  if (prefixText !== null && !PREFIX.test(prefixText)) return null;
  const address = parseIpAddress(addressText);
  if (!address) return null;
  const given = prefixText === null ? null : Number(prefixText);
  if (address.version === 4 && addressText.includes(':')) {
    // A mapped range shorter than /96 reaches beyond the IPv4 space: keep it as IPv6.
    if (given === null || given >= 96) return toRange(address, given === null ? 32 : given - 96);
    return given <= 128 ? toRange({ version: 6, bytes: [...MAPPED_PREFIX, ...address.bytes] }, given) : null;
  }
  const bits = address.version === 4 ? 32 : 128;
  if (given !== null && given > bits) return null;
  return toRange(address, given ?? bits);
}

function toRange(address: IpAddress, prefix: number): IpRange | null {
  if (prefix > (address.version === 4 ? 32 : 128)) return null;
  return { version: address.version, bytes: maskBytes(address.bytes, prefix), prefix };
}

function maskBytes(bytes: number[], prefix: number): number[] {
  return bytes.map((byte, index) => {
    const kept = Math.min(8, Math.max(0, prefix - index * 8));
    return byte & ((0xff << (8 - kept)) & 0xff);
  });
}

/** True when the address lies inside the range (the versions must match). */
export function isIpInRange(address: IpAddress, range: IpRange): boolean {
  if (address.version !== range.version) return false;
  const whole = range.prefix >> 3;
  for (let index = 0; index < whole; index++) {
    if (address.bytes[index] !== range.bytes[index]) return false;
  }
  const rest = range.prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((address.bytes[whole] ?? 0) & mask) === range.bytes[whole];
}

function formatIpv6(bytes: number[]): string {
  const groups: number[] = [];
  for (let index = 0; index < 16; index += 2)
    groups.push(((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0));
  // RFC 5952: compress the longest run of two or more zero groups, the first one on a tie.
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export function formatIpAddress(address: IpAddress): string {
  return address.version === 4 ? address.bytes.join('.') : formatIpv6(address.bytes);
}

/** The canonical text of a range: a lone address without `/32` or `/128`, lower-case, compressed. */
export function formatIpRange(range: IpRange): string {
  const address = formatIpAddress(range);
  return range.prefix === (range.version === 4 ? 32 : 128) ? address : `${address}/${range.prefix}`;
}
