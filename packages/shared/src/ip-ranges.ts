import ipaddr from 'ipaddr.js';

/**
 * IPv4/IPv6 addresses and CIDR ranges as written in a private key's allowed list, parsed with ipaddr.js
 * (no Node) so the web form and the server agree on what is valid. Only the usual notations are taken:
 * four-part decimal IPv4 without leading zeros, IPv6 without a zone id. An IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`) is read as the IPv4 address it carries, which is how a dual-stack socket reports
 * IPv4 clients.
 */
export type IpVersion = 4 | 6;

export type IpAddress = { version: IpVersion; ip: ipaddr.IPv4 | ipaddr.IPv6 };

export type IpRange = IpAddress & { prefix: number };

const PREFIX = /^(0|[1-9]\d{0,2})$/;
const MAPPED_BITS = 96;

function parseIpv6(text: string): ipaddr.IPv6 | null {
  if (text.includes('%') || !ipaddr.IPv6.isValid(text)) return null;
  // ipaddr.js also takes octal and hex in an embedded IPv4 part; the form does not.
  const embedded = text.slice(text.lastIndexOf(':') + 1);
  if (embedded.includes('.') && !ipaddr.IPv4.isValidFourPartDecimal(embedded)) return null;
  // ipaddr.js reads the deprecated `::1.2.3.4` as IPv4-mapped; it is the IPv6 address ::102:304.
  return ipaddr.IPv6.parse(/^::[\d.]+$/.test(text) ? `0${text}` : text);
}

/** An address in any usual notation, or null. Zone ids (`%eth0`) are refused. */
export function parseIpAddress(text: string): IpAddress | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return { version: 4, ip: ipaddr.IPv4.parse(text) };
  const ip = text.includes(':') ? parseIpv6(text) : null;
  if (!ip) return null;
  return ip.isIPv4MappedAddress() ? { version: 4, ip: ip.toIPv4Address() } : { version: 6, ip };
}

/** `address` (a range of one) or `address/prefix`; host bits are cleared, so `10.1.2.3/8` is `10.0.0.0/8`. */
export function parseIpRange(text: string): IpRange | null {
  const [addressText = '', prefixText, ...extra] = text.split('/');
  if (extra.length > 0 || (prefixText !== undefined && !PREFIX.test(prefixText))) return null;
  const address = parseIpAddress(addressText);
  if (!address) return null;
  let given = prefixText === undefined ? null : Number(prefixText);
  if (address.version === 4 && addressText.includes(':') && given !== null) {
    // A mapped range shorter than /96 reaches beyond the IPv4 space: keep it as IPv6.
    if (given < MAPPED_BITS)
      return toRange({ version: 6, ip: (address.ip as ipaddr.IPv4).toIPv4MappedAddress() }, given);
    given -= MAPPED_BITS;
  }
  const bits = address.version === 4 ? 32 : 128;
  if (given !== null && given > bits) return null;
  return toRange(address, given ?? bits);
}

function toRange(address: IpAddress, prefix: number): IpRange {
  const family = address.version === 4 ? ipaddr.IPv4 : ipaddr.IPv6;
  const mask = family.subnetMaskFromPrefixLength(prefix).toByteArray();
  const network = ipaddr.fromByteArray(address.ip.toByteArray().map((byte, index) => byte & mask[index]!));
  return { version: address.version, ip: network, prefix };
}

/** True when the address lies inside the range (the versions must match). */
export function isIpInRange(address: IpAddress, range: IpRange): boolean {
  return address.version === range.version && address.ip.match(range.ip, range.prefix);
}

export function formatIpAddress(address: IpAddress): string {
  return address.ip.kind() === 'ipv6' ? (address.ip as ipaddr.IPv6).toRFC5952String() : address.ip.toString();
}

/** The canonical text of a range: a lone address without `/32` or `/128`, lower-case, compressed. */
export function formatIpRange(range: IpRange): string {
  const address = formatIpAddress(range);
  return range.prefix === (range.version === 4 ? 32 : 128) ? address : `${address}/${range.prefix}`;
}
