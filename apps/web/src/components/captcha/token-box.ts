import { waitForToken } from './captcha-driver.ts';

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

/** The calls Google's `grecaptcha` and Cloudflare's `turnstile` share, by the id `render` returned. */
type CallbackWidgetApi<Id> = {
  render(container: HTMLElement, parameters: Record<string, unknown>): Id;
  getResponse(widgetId: Id): string | undefined;
  reset(widgetId: Id): void;
};

/** Renders a callback-style widget in a slot of its own in `container`; its callbacks fill a token box. */
export function renderTokenWidget<Id>(
  api: CallbackWidgetApi<Id>,
  container: HTMLElement,
  parameters: Record<string, unknown>,
) {
  const tokens = createTokenBox();
  const slot = document.createElement('div');
  container.append(slot);
  const id = api.render(slot, {
    ...parameters,
    callback: (token: string) => tokens.put(token),
    'expired-callback': () => tokens.clear(),
    'error-callback': () => tokens.clear(),
  });
  return {
    id,
    slot,
    /** The token already handed over for this submit, if any. */
    readyToken: () => tokens.current ?? api.getResponse(id),
    nextToken: (timeoutMs: number) => waitForToken(tokens.subscribe, timeoutMs),
    reset() {
      tokens.clear();
      api.reset(id);
    },
  };
}
