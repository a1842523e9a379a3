import type { CaptchaProvider } from '@cotacep/shared/auth-responses';
import { mountAltcha } from './altcha-driver.ts';
import type { CaptchaDriver, CaptchaMountOptions } from './captcha-driver.ts';
import { mountRecaptchaV2, mountRecaptchaV3 } from './recaptcha-driver.ts';
import { mountTurnstile } from './turnstile-driver.ts';

/** Puts the configured provider's widget in `container`; "off" mounts nothing and needs no token. */
export function mountCaptcha(
  provider: CaptchaProvider,
  container: HTMLElement,
  options: CaptchaMountOptions,
): Promise<CaptchaDriver> | null {
  switch (provider) {
    case 'altcha':
      return mountAltcha(container, options);
    case 'recaptcha-v3':
      return mountRecaptchaV3(options);
    case 'recaptcha-v2-invisible':
      return mountRecaptchaV2(container, 'invisible', options);
    case 'recaptcha-v2-checkbox':
      return mountRecaptchaV2(container, 'normal', options);
    case 'turnstile':
      return mountTurnstile(container, options);
    case 'off':
      return null;
  }
}
