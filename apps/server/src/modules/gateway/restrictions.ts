import { isIpInRange, parseIpAddress } from '@cotacep/shared/ip-ranges';
import { normalizeOrigin } from '@cotacep/shared/origins';
import type { ResolvedKey } from './key-lookup.ts';

/**
 * A public key works from the origins its owner listed (or any, with `*`). A request without an
 * `Origin` header is refused unless the key allows every origin: a listed site's browser always sends one.
 */
export function isOriginAllowed(key: ResolvedKey, origin: string | undefined): boolean {
  if (key.anyOrigin) return true;
  if (!origin) return false;
  if (key.origins.has(origin)) return true;
  const normalized = normalizeOrigin(origin);
  return normalized !== null && key.origins.has(normalized);
}

/**
 * A private key works from the addresses and ranges its owner listed. `clientIp` is Fastify's
 * `request.ip`: the socket's address, or, from a proxy TRUST_PROXY names, the address that proxy
 * appended to X-Forwarded-For (never an entry the client wrote). An address that cannot be read is
 * refused (fail closed).
 */
export function isClientIpAllowed(key: ResolvedKey, clientIp: string | undefined): boolean {
  const address = clientIp ? parseIpAddress(clientIp) : null;
  if (!address) return false;
  return key.ranges.some((range) => isIpInRange(address, range));
}
