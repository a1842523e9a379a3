import type { FastifyBaseLogger } from 'fastify';

export type PeriodicSweeper = {
  /** One pass (or the one already running). */
  sweep(): Promise<void>;
  /** A pass as soon as possible; one running may have missed the new work, so another follows it. */
  wake(): void;
  stop(): Promise<void>;
};

/**
 * Runs `pass` every `intervalMs` on this instance, one pass at a time, and at once when woken; a failed
 * pass is logged and retried at the next tick. What each pass does must itself be safe on every instance.
 */
export function startPeriodicSweeper(options: {
  pass: () => Promise<unknown>;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** For the log: "<name> sweep failed". */
  name: string;
}): PeriodicSweeper {
  let running: Promise<void> | null = null;
  let isStopped = false;
  const sweep = (): Promise<void> => {
    running ??= options
      .pass()
      .then(() => undefined)
      .catch((error: unknown) =>
        options.log.warn({ err: error }, `${options.name} sweep failed; retried next time`),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return {
    sweep,
    wake() {
      if (isStopped) return;
      if (running) void running.then(() => (isStopped ? undefined : sweep()));
      else void sweep();
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
