import { isAxiosError } from 'axios';

/** The two fallback messages of spec §8. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';
export const NETWORK_ERROR_MESSAGE = 'Network error';

export type NormalizedError = { status: number; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isNormalizedError(value: unknown): value is NormalizedError {
  return (
    isRecord(value) &&
    !isAxiosError(value) &&
    typeof value.status === 'number' &&
    typeof value.message === 'string'
  );
}

function firstIssueMessage(issues: unknown): string | undefined {
  if (!Array.isArray(issues)) return undefined;
  const [first] = issues;
  return isRecord(first) && typeof first.message === 'string' ? first.message : undefined;
}

/** Spec §8 order: string message, then the first ZodError item, then `error`, then the fallback. */
function pickMessage(body: unknown): string {
  if (!isRecord(body)) return FALLBACK_ERROR_MESSAGE;
  if (typeof body.message === 'string') return body.message;
  if (body.code === 'ZodError') {
    const issue = firstIssueMessage(body.message);
    if (issue) return issue;
  }
  if (typeof body.error === 'string') return body.error;
  return FALLBACK_ERROR_MESSAGE;
}

/** Turns any failure into `{ status, message }`, the one error shape the screens handle. */
export function normalizeError(error: unknown): NormalizedError {
  if (isNormalizedError(error)) return { status: error.status, message: error.message };
  const response = isAxiosError(error) ? error.response : undefined;
  if (!response) return { status: 500, message: NETWORK_ERROR_MESSAGE };
  return { status: response.status, message: pickMessage(response.data) };
}
