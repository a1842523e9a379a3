import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs work after the answer has gone (decision 017): anonymous identity routes answer the same for every
 * address, and only then look the address up and send its e-mail. A failure is logged, never thrown.
 */
export function runAfterResponse(log: FastifyBaseLogger, name: string, task: () => Promise<void>): void {
  const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => log.error({ err: error, task: name }, 'work after the answer failed'))
    .finally(() => pending.delete(promise));
  pending.add(promise);
}

/** Resolves once every task started so far, and any they started, has finished (shutdown, tests). */
export async function drainAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
