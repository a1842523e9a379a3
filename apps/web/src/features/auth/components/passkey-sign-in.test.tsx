import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server answers the passkey options; happy-dom has no WebAuthn, so where a test needs one
// the browser's part (`PublicKeyCredential`, `navigator.credentials.get`) is stood in for, and the rest
// (the library, the page) is real. Chromium's virtual authenticator covers a whole sign-in (e2e/passkeys).
const portal = setUpScreenPortal();
const SLOW = { timeout: 40_000 };

type Get = (options: CredentialRequestOptions) => Promise<Credential | null>;
/** What `browserSupportsWebAuthn` looks for: a `PublicKeyCredential` constructor. */
class PublicKeyCredentialStandIn {}

function standInForWebAuthn(get: Get) {
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredentialStandIn);
  Object.defineProperty(navigator, 'credentials', { value: { get: vi.fn(get) }, configurable: true });
  return navigator.credentials.get as unknown as ReturnType<typeof vi.fn<Get>>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
});

describe('"Sign in with a passkey" on the login page', () => {
  it('is not offered by a browser without WebAuthn', SLOW, async () => {
    await renderScreen(portal, '/auth/login', 'en');
    await screen.findByRole('button', { name: 'Log In' });
    // The same module the page loads lazily: once it is in, the page has decided.
    await import('@simplewebauthn/browser');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('asks for a discoverable passkey; a dismissed dialog is a calm note, not an error', SLOW, async () => {
    const get = standInForWebAuthn(async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    await renderScreen(portal, '/auth/login', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar com passkey' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Nenhuma passkey foi usada. Tente de novo quando quiser, ou escolha outra forma de entrar.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // No password, no e-mail: the browser offers whichever passkey it holds for the site, verified.
    const { publicKey } = get.mock.calls[0]![0];
    expect(publicKey?.rpId).toBe(new URL(portal.server.url).hostname);
    expect(publicKey?.allowCredentials).toBeUndefined();
    expect(publicKey?.userVerification).toBe('required');
  });

  it('says plainly when the browser could not use a passkey', SLOW, async () => {
    standInForWebAuthn(async () => {
      throw new DOMException('The relying party ID is not a registrable domain suffix.', 'SecurityError');
    });
    await renderScreen(portal, '/auth/login', 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This browser could not use a passkey. Try again, or choose another way to sign in.',
      ),
    );
  });
});
