import type { TotpEnrolment } from '@cotacep/shared/second-factor-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';

/** Starts (or restarts) setting up an authenticator app: its key as a QR code's URI and as text. */
export async function startTotp(): Promise<TotpEnrolment> {
  const { data } = await apiClient.post<TotpEnrolment>('account/mfa/totp');
  return data;
}

/** Needs a recent re-authentication, asked for by the guard. */
export function useStartTotp() {
  const guard = useReauthGuard();
  return useMutation({ mutationFn: () => guard(startTotp) });
}
