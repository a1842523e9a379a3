import type { CaptchaProvider } from '@cotacep/shared/auth-responses';
import { type CaptchaDriver, CaptchaIncompleteError, type CaptchaMountOptions } from './captcha-driver.ts';
import { getCaptchaScriptUrl, loadScript } from './captcha-script.ts';
import { renderTokenWidget } from './token-box.ts';

/** The part of Google's `grecaptcha` API the forms use. */
type Grecaptcha = {
  ready(callback: () => void): void;
  /** v3: `execute(siteKey, { action })` resolves the token; v2: `execute(widgetId)` hands it to the callback. */
  execute(siteKeyOrWidgetId: string | number, options?: { action: string }): Promise<string> | undefined;
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
  getResponse(widgetId: number): string;
  reset(widgetId: number): void;
};

const TOKEN_TIMEOUT_MS = 60_000;

async function loadGrecaptcha(provider: CaptchaProvider, options: CaptchaMountOptions): Promise<Grecaptcha> {
  const src = getCaptchaScriptUrl(provider, options.siteKey, options.language);
  if (!src || !options.siteKey) throw new Error(`${provider} needs a site key`);
  await loadScript(src);
  const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA did not load');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha;
}

/** v3: invisible and score-based; each submit asks for a token made for its action (checked by the server). */
export async function mountRecaptchaV3(options: CaptchaMountOptions): Promise<CaptchaDriver> {
  const grecaptcha = await loadGrecaptcha('recaptcha-v3', options);
  const siteKey = options.siteKey!;
  return {
    getToken: async () => (await grecaptcha.execute(siteKey, { action: options.action })) ?? '',
    reset: () => undefined,
    destroy: () => undefined,
  };
}

/** v2: the invisible badge runs on submit; the checkbox waits for the person to tick it. */
export async function mountRecaptchaV2(
  container: HTMLElement,
  size: 'invisible' | 'normal',
  options: CaptchaMountOptions,
): Promise<CaptchaDriver> {
  const provider = size === 'invisible' ? 'recaptcha-v2-invisible' : 'recaptcha-v2-checkbox';
  const grecaptcha = await loadGrecaptcha(provider, options);
  const widget = renderTokenWidget(grecaptcha, container, { sitekey: options.siteKey, size });
  return {
    async getToken() {
      const current = widget.readyToken();
      if (current) return current;
      if (size === 'normal') throw new CaptchaIncompleteError();
      const next = widget.nextToken(TOKEN_TIMEOUT_MS);
      grecaptcha.execute(widget.id);
      return next;
    },
    reset: widget.reset,
    destroy: () => widget.slot.remove(),
  };
}
