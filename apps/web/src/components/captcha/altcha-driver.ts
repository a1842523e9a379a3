import { type CaptchaDriver, CaptchaIncompleteError, type CaptchaMountOptions } from './captcha-driver.ts';

type AltchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';
type AltchaElement = HTMLElement & {
  getState(): AltchaState;
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
};
type StateChange = CustomEvent<{ state: AltchaState; payload: string | null }>;

/**
 * ALTCHA, self-hosted: the widget fetches a signed challenge from our server and solves its proof of work
 * in workers. It starts when the person first focuses the form, so a token is usually ready by submit.
 */
export async function mountAltcha(
  container: HTMLElement,
  options: CaptchaMountOptions,
): Promise<CaptchaDriver> {
  if (!options.challengeUrl) throw new Error('ALTCHA needs a challenge URL');
  await import('./altcha-widget.ts');
  const widget = document.createElement('altcha-widget') as AltchaElement;
  widget.setAttribute('challenge', options.challengeUrl);
  widget.setAttribute('auto', 'onfocus');
  widget.setAttribute('language', options.language === 'en' ? 'en' : 'pt-br');
  widget.setAttribute('configuration', JSON.stringify({ hideFooter: true }));
  let payload: string | null = null;
  let settled: ((value: string | null) => void) | null = null;
  widget.addEventListener('statechange', (event) => {
    const { state, payload: next } = (event as StateChange).detail;
    payload = state === 'verified' ? next : null;
    if (state !== 'verifying') settled?.(payload);
  });
  container.append(widget);

  const nextOutcome = () => new Promise<string | null>((resolve) => (settled = resolve));

  return {
    async getToken() {
      if (widget.getState() === 'verified' && payload) return payload;
      // A proof of work already under way is awaited, not restarted.
      const outcome =
        widget.getState() === 'verifying' ? await nextOutcome() : ((await widget.verify())?.payload ?? null);
      if (!outcome) throw new CaptchaIncompleteError();
      return outcome;
    },
    reset() {
      payload = null;
      widget.reset();
      // The spent token is gone: start the next proof of work now, so a retry does not wait for it.
      void widget.verify();
    },
    destroy: () => widget.remove(),
  };
}
