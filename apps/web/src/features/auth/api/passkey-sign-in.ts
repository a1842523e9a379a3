import type { TokenSet } from '@cotacep/shared/auth-responses';
import type {
  PasskeyOptions,
  PasskeySignInOptionsRequest,
  PasskeySignInRequest,
} from '@cotacep/shared/passkey-schemas';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';
import { loadWebAuthn } from '#web/lib/webauthn/webauthn.ts';

export async function getPasskeySignInOptions(input: PasskeySignInOptionsRequest): Promise<PasskeyOptions> {
  const { data } = await authClient.post<PasskeyOptions>('passkey/options', input);
  return data;
}

export async function verifyPasskeySignIn(input: PasskeySignInRequest): Promise<TokenSet> {
  const { data } = await authClient.post<TokenSet>('passkey/verify', input);
  return data;
}

/**
 * A whole passkey sign-in: the server's options, the browser's dialog, the server's check. With `session`
 * (a login challenge's) the passkey is that login's second step; without, a sign-in with no password.
 */
export async function signInWithPasskey(session?: string): Promise<TokenSet> {
  const [{ ceremony, options }, { startAuthentication }] = await Promise.all([
    getPasskeySignInOptions(session ? { session } : {}),
    loadWebAuthn(),
  ]);
  // The server made these with @simplewebauthn/server; the shared schema checks only the challenge is there.
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const credential = await startAuthentication({ optionsJSON });
  // Spread into plain objects: the library's interfaces lack the index signature of the schema's loose ones.
  const response = { ...credential, response: { ...credential.response } };
  return verifyPasskeySignIn({ ceremony, response });
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
