import type { CaptchaAction } from '@cotacep/shared/auth-responses';

/** One provider's widget on one form, behind the same three calls whichever provider is configured. */
export type CaptchaDriver = {
  /** A token for one submit. Rejects with CaptchaIncompleteError when the person still has to act. */
  getToken(): Promise<string>;
  /** Tokens are single use: after each submit the widget starts over. */
  reset(): void;
  destroy(): void;
};

export type CaptchaMountOptions = {
  siteKey: string | null;
  challengeUrl: string | null;
  action: CaptchaAction;
  language: string;
};

/** The person has not completed the check yet (an unticked v2 checkbox, a Turnstile still running). */
export class CaptchaIncompleteError extends Error {
  constructor() {
    super('captcha not completed');
    this.name = 'CaptchaIncompleteError';
  }
}

/** Resolves with the first token a callback-style widget hands over, or rejects after `timeoutMs`. */
export function waitForToken(
  subscribe: (onToken: (token: string) => void) => () => void,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new CaptchaIncompleteError());
    }, timeoutMs);
    const unsubscribe = subscribe((token) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(token);
    });
  });
}
