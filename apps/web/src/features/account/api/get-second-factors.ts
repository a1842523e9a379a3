import type { SecondFactors } from '@cotacep/shared/second-factor-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** The account's second factors: the e-mail/SMS code, the authenticator app, passkeys, recovery codes. */
export async function getSecondFactors(): Promise<SecondFactors> {
  const { data } = await apiClient.get<SecondFactors>('account/mfa');
  return data;
}

// Under the account's key: a change that invalidates the account (the e-mail/SMS setting) reads these again.
export const getSecondFactorsQueryOptions = () =>
  queryOptions({ queryKey: [...getAccountQueryOptions().queryKey, 'mfa'], queryFn: getSecondFactors });

export function useSecondFactors() {
  return useQuery(getSecondFactorsQueryOptions());
}
