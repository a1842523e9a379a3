import type { CodeSentResponse, TokenSet } from '@cotacep/shared/auth-responses';
import type { LoginChallengeRequest, LoginChallengeResendRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/api/clients.ts';

export async function answerChallenge(input: LoginChallengeRequest): Promise<TokenSet> {
  const { data } = await authClient.post<TokenSet>('login/challenge', input);
  return data;
}

export async function resendChallengeCode(input: LoginChallengeResendRequest): Promise<CodeSentResponse> {
  const { data } = await authClient.post<CodeSentResponse>('login/challenge/resend', input);
  return data;
}

export function useAnswerChallenge() {
  return useMutation({ mutationFn: answerChallenge });
}

export function useResendChallengeCode() {
  return useMutation({ mutationFn: resendChallengeCode });
}
