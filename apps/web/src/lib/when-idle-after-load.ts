/**
 * Runs `callback` once the page has loaded and the browser is idle, so what it fetches never competes with
 * the first paint or counts as initial JS (decision 016). Returns a function that cancels it.
 */
export function whenIdleAfterLoad(callback: () => void): () => void {
  let idleHandle: number | undefined;
  const schedule = () => {
    idleHandle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(callback, { timeout: 2000 })
        : window.setTimeout(callback, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
