import { useEffect, useState } from 'react';

/**
 * `@simplewebauthn/browser`, fetched when a screen offers a passkey: it never weighs on the first paint of
 * the login page, and it is usually in by the time the person presses the button.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/**
 * Whether this browser can use a passkey (`browserSupportsWebAuthn`): null while the library loads, so a
 * screen neither shows a button it may have to take back nor a "not supported" note that is not true.
 */
export function useWebAuthnSupport(): boolean | null {
  const [isSupported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadWebAuthn().then(
      ({ browserSupportsWebAuthn }) => isCurrent && setSupported(browserSupportsWebAuthn()),
      () => isCurrent && setSupported(false),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return isSupported;
}

/** The person closed the browser's passkey dialog, or let it time out: a choice, not a failure. */
export function isPasskeyDismissed(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
