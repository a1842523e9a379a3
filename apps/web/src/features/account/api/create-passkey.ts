import type {
  PasskeyOptions,
  RegisterPasskeyRequest,
  RegisterPasskeyResponse,
} from '@cotacep/shared/passkey-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { createCredential } from '../lib/create-credential.ts';
import { getAccountQueryOptions } from './get-account.ts';

export async function getPasskeyOptions(): Promise<PasskeyOptions> {
  const { data } = await apiClient.post<PasskeyOptions>('account/passkeys/options');
  return data;
}

export async function registerPasskey(input: RegisterPasskeyRequest): Promise<RegisterPasskeyResponse> {
  const { data } = await apiClient.post<RegisterPasskeyResponse>('account/passkeys', input);
  return data;
}

/**
 * Adds a passkey: the server's options, the browser's ceremony, then its answer with the name. Both
 * requests need a recent re-authentication, asked for by the guard.
 */
export function useCreatePasskey() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: async (name: string) => {
      const { ceremony, options } = await guard(getPasskeyOptions);
      const response = await createCredential(options);
      return guard(() => registerPasskey({ ceremony, name, response }));
    },
    // The account too: an organization's enrolment requirement may be met now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}
