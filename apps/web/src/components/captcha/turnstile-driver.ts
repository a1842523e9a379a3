import {
  type CaptchaDriver,
  CaptchaIncompleteError,
  type CaptchaMountOptions,
  waitForToken,
} from './captcha-driver.ts';
import { getCaptchaScriptUrl, loadScript } from './captcha-script.ts';
import { createTokenBox } from './token-box.ts';

/** The part of Cloudflare's `turnstile` API the forms use. */
type Turnstile = {
  render(container: HTMLElement, parameters: Record<string, unknown>): string;
  getResponse(widgetId: string): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

// Turnstile usually passes on its own in a second or two; longer means it wants a click.
const TOKEN_TIMEOUT_MS = 15_000;

/** Cloudflare Turnstile: runs when rendered; the token is made for this form's action (checked by the server). */
export async function mountTurnstile(
  container: HTMLElement,
  options: CaptchaMountOptions,
): Promise<CaptchaDriver> {
  const src = getCaptchaScriptUrl('turnstile', options.siteKey, options.language);
  if (!src || !options.siteKey) throw new Error('turnstile needs a site key');
  await loadScript(src);
  const turnstile = (window as unknown as { turnstile?: Turnstile }).turnstile;
  if (!turnstile) throw new Error('Turnstile did not load');
  const tokens = createTokenBox();
  const slot = document.createElement('div');
  container.append(slot);
  const widgetId = turnstile.render(slot, {
    sitekey: options.siteKey,
    action: options.action,
    language: options.language === 'en' ? 'en' : 'pt-br',
    callback: (token: string) => tokens.put(token),
    'expired-callback': () => tokens.clear(),
    'error-callback': () => tokens.clear(),
  });
  return {
    async getToken() {
      const current = tokens.current ?? turnstile.getResponse(widgetId);
      if (current) return current;
      return waitForToken(tokens.subscribe, TOKEN_TIMEOUT_MS).catch(() => {
        throw new CaptchaIncompleteError();
      });
    },
    reset() {
      tokens.clear();
      turnstile.reset(widgetId);
    },
    destroy() {
      turnstile.remove(widgetId);
      slot.remove();
    },
  };
}
