/** The methods the public APIs answer; any other is a 405 with this `Allow`. */
export const READ_ONLY_ALLOW = 'GET, HEAD, OPTIONS';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReadMethod(method: string): boolean {
  return READ_METHODS.has(method);
}
