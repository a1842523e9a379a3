/**
 * Holds the token a callback-style widget (reCAPTCHA v2, Turnstile) handed over, and lets a submit wait
 * for the next one.
 */
export function createTokenBox() {
  let token: string | null = null;
  const listeners = new Set<(token: string) => void>();
  return {
    get current() {
      return token;
    },
    put(next: string) {
      token = next;
      for (const listener of [...listeners]) listener(next);
    },
    clear() {
      token = null;
    },
    subscribe(listener: (token: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type TokenBox = ReturnType<typeof createTokenBox>;
