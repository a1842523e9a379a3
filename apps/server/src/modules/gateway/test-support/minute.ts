/**
 * Rate windows are clock minutes: a test that counts within one waits out the last seconds of the
 * current minute first, so its requests cannot straddle two windows.
 */
export async function startOfFreshMinute(needSeconds = 8): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
