import { useEffect, useState } from 'react';

const STEP = 6;

/**
 * How many of `total` items to show: a few at first, a few more after each paint, so that a long reference
 * (sixty operations) never holds the page in one long render and each step, once shown, stays shown.
 */
export function useRevealedCount(total: number): number {
  const [count, setCount] = useState(STEP);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((shown) => shown + STEP), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
