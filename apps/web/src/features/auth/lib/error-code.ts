import { isAxiosError } from 'axios';

/** The machine code of a server error body (`{ code, message }`), to offer the right next step. */
export function getErrorCode(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const code = (error.response?.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
