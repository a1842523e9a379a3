import { useEffect, useState, useSyncExternalStore } from 'react';

const STEP = 6;

const subscribeNothing = () => () => undefined;

/**
 * How many of `total` items to show: a few at first, a few more after each paint, so that a long reference
 * (sixty operations) never holds the page in one long render and each step, once shown, stays shown. A
 * prerendered page (decision 039) holds them all, and its hydration keeps them all.
 */
export function useRevealedCount(total: number): number {
  // True on the server and while hydrating its HTML, false in a render of the browser's own.
  const isFromServer = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  const [count, setCount] = useState(isFromServer ? Number.POSITIVE_INFINITY : STEP);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((shown) => shown + STEP), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
