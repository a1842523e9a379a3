import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code may be requested again; `start(n)` restarts it. */
export function useCountdown(initialSeconds = 0) {
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.round(seconds))), []);
  return { remaining, isRunning: remaining > 0, start };
}
