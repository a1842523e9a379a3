const IPV4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i;
const HEXTET = /^[0-9a-f]{1,4}$/i;

/**
 * A client address for the logs: its network, IPv4 /24 and IPv6 /48, never the address itself (issue 25), so
 * the log still shows where traffic comes from without naming a person's connection. Read by hand rather
 * than with `@cotacep/shared/ip-ranges`: every request line of the public APIs passes here, and ipaddr.js
 * takes some 35 µs to parse and mask an IPv6 address, this well under one.
 */
export function redactIp(ip: string): string {
  const v4 = IPV4.exec(ip);
  if (v4) return `${v4[1]}.0/24`;
  const [head, tail, ...extra] = ip.replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 address (`64:ff9b::192.0.2.1`) fills two groups.
  const rightSize = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? 0 : 8 - left.length - rightSize;
  if (extra.length > 0 || (tail === undefined && left.length !== 8) || zeros < 0) return '[redacted]';
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right].slice(0, 3);
  if (!groups.every((group) => HEXTET.test(group))) return '[redacted]';
  const network = groups.map((group) => Number.parseInt(group, 16).toString(16));
  // The five zero groups after the /48 are the longest run: RFC 5952 compresses it with the zeros before it.
  while (network.at(-1) === '0') network.pop();
  return `${network.join(':')}::/48`;
}
