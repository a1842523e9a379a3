/**
 * These tests exercise the quotes API itself, many calls a second; the anonymous per-minute limit
 * of the key gateway in front of it is tested with the gateway.
 */
export const UNLIMITED: Record<string, string> = { GATEWAY_ANONYMOUS_PER_MINUTE: '1000000' };
