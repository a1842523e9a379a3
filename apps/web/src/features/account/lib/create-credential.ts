import type { PasskeyOptions, RegisterPasskeyRequest } from '@cotacep/shared/passkey-schemas';
import type { NormalizedError } from '#web/lib/api/normalize-error.ts';

type Credential = RegisterPasskeyRequest['response'];

// The browser's refusals a person can act on, as catalogue keys (`translateMessage` shows them).
const REFUSALS: Record<string, NormalizedError> = {
  // Cancelled, timed out, or the device said no: the browser does not tell them apart.
  NotAllowedError: { status: 400, message: 'account.passkeys.cancelled' },
  AbortError: { status: 400, message: 'account.passkeys.cancelled' },
  InvalidStateError: { status: 409, message: 'account.passkeys.alreadyOnDevice' },
};
const FAILED: NormalizedError = { status: 400, message: 'account.passkeys.browserFailed' };

/**
 * The browser's registration ceremony for the server's options (`@simplewebauthn/browser`, fetched only now).
 * A refusal becomes a `{ status, message }` in the interface's words rather than the browser's English.
 */
export async function createCredential(options: PasskeyOptions['options']): Promise<Credential> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    const credential = await startRegistration({
      // Checked by the shared schema only for its shape: the server built it with @simplewebauthn/server.
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return credential as unknown as Credential;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw REFUSALS[name] ?? FAILED;
  }
}
