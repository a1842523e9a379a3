import type { CaptchaProvider } from '@cotacep/shared/auth-responses';

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/**
 * The third-party script a provider needs, or null: ALTCHA is bundled with the app (loaded on demand)
 * and "off" loads nothing. reCAPTCHA v3 renders itself from the site key; the others render explicitly.
 */
export function getCaptchaScriptUrl(
  provider: CaptchaProvider,
  siteKey: string | null,
  language: string,
): string | null {
  const hl = language === 'en' ? 'en' : 'pt-BR';
  switch (provider) {
    case 'recaptcha-v3':
      return siteKey ? `${RECAPTCHA_SCRIPT}?${new URLSearchParams({ render: siteKey, hl })}` : null;
    case 'recaptcha-v2-invisible':
    case 'recaptcha-v2-checkbox':
      return `${RECAPTCHA_SCRIPT}?${new URLSearchParams({ render: 'explicit', hl })}`;
    case 'turnstile':
      return `${TURNSTILE_SCRIPT}?render=explicit`;
    default:
      return null;
  }
}

const loading = new Map<string, Promise<void>>();

/**
 * Adds the script once per page (keyed by address without its query: a provider's API must not load
 * twice, whatever language asked first) and resolves when it has run.
 */
export function loadScript(src: string): Promise<void> {
  const key = src.split('?')[0]!;
  const known = loading.get(key);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.captcha = 'true';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(key);
      script.remove();
      reject(new Error(`could not load ${key}`));
    });
    document.head.append(script);
  });
  loading.set(key, promise);
  return promise;
}
