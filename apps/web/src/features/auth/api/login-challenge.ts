import type { LoginChallenge, TokenSet } from '@cotacep/shared/auth-responses';
import type { LoginChallengeRequest, LoginChallengeResendRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

export async function answerChallenge(input: LoginChallengeRequest): Promise<TokenSet> {
  const { data } = await authClient.post<TokenSet>('login/challenge', input);
  return data;
}

/** A new code for the same challenge; the answer describes it again (with the next resend wait). */
export async function resendChallengeCode(input: LoginChallengeResendRequest): Promise<LoginChallenge> {
  const { data } = await authClient.post<LoginChallenge>('login/challenge/resend', input);
  return data;
}

export function useAnswerChallenge() {
  return useMutation({ mutationFn: answerChallenge });
}

export function useResendChallengeCode() {
  return useMutation({ mutationFn: resendChallengeCode });
}
