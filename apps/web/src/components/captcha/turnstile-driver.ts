import { type CaptchaDriver, CaptchaIncompleteError, type CaptchaMountOptions } from './captcha-driver.ts';
import { getCaptchaScriptUrl, loadScript } from './captcha-script.ts';
import { renderTokenWidget } from './token-box.ts';

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
  const widget = renderTokenWidget(turnstile, container, {
    sitekey: options.siteKey,
    action: options.action,
    language: options.language === 'en' ? 'en' : 'pt-br',
  });
  return {
    async getToken() {
      const current = widget.readyToken();
      if (current) return current;
      return widget.nextToken(TOKEN_TIMEOUT_MS).catch(() => {
        throw new CaptchaIncompleteError();
      });
    },
    reset: widget.reset,
    destroy() {
      turnstile.remove(widget.id);
      widget.slot.remove();
    },
  };
}
