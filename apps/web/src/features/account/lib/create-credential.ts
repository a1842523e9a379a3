import type { PasskeyOptions, RegisterPasskeyRequest } from '@cotacep/shared/passkey-schemas';
import type { NormalizedError } from '#web/lib/api/normalize-error.ts';
import { isPasskeyDismissed, loadWebAuthn } from '#web/lib/webauthn/webauthn.ts';

type Credential = RegisterPasskeyRequest['response'];

// The browser's refusals a person can act on, as catalogue keys (`translateMessage` shows them).
// Cancelled, timed out, or the device said no: the browser does not tell them apart.
const CANCELLED: NormalizedError = { status: 400, message: 'account.passkeys.cancelled' };
const ALREADY_ON_DEVICE: NormalizedError = { status: 409, message: 'account.passkeys.alreadyOnDevice' };
const FAILED: NormalizedError = { status: 400, message: 'account.passkeys.browserFailed' };

/**
 * The browser's registration ceremony for the server's options (`@simplewebauthn/browser`, fetched only now).
 * A refusal becomes a `{ status, message }` in the interface's words rather than the browser's English.
 */
export async function createCredential(options: PasskeyOptions['options']): Promise<Credential> {
  const { startRegistration } = await loadWebAuthn();
  try {
    const credential = await startRegistration({
      // Checked by the shared schema only for its shape: the server built it with @simplewebauthn/server.
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return credential as unknown as Credential;
  } catch (error) {
    if (isPasskeyDismissed(error)) throw CANCELLED;
    throw error instanceof Error && error.name === 'InvalidStateError' ? ALREADY_ON_DEVICE : FAILED;
  }
}
