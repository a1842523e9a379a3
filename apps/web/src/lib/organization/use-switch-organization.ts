import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { forgetOrganizationId, setCurrentOrganizationId } from '../session/organization-store.ts';
import { getOrganizationsQueryOptions } from './get-organizations.ts';

const LIST_KEY = getOrganizationsQueryOptions().queryKey[0];

/** Everything read for the previous organization leaves the cache, so nothing of it shows under another name. */
async function forgetOrganizationData(queryClient: QueryClient, { includingList = false } = {}) {
  const predicate = ({ queryKey }: { queryKey: readonly unknown[] }) =>
    includingList || queryKey[0] !== LIST_KEY;
  await queryClient.cancelQueries({ predicate });
  return () => queryClient.removeQueries({ predicate });
}

/** Works in another organization from now on, in this tab (and the next tab opened); opens the dashboard. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (organizationId: string) => {
      const remove = await forgetOrganizationData(queryClient);
      setCurrentOrganizationId(organizationId);
      remove();
      navigate('/dashboard');
    },
    [queryClient, navigate],
  );
}

/** After leaving or deleting `organizationId`: back to the default organization, on the dashboard. */
export function useReturnToDefaultOrganization() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (organizationId: string) => {
      const remove = await forgetOrganizationData(queryClient, { includingList: true });
      forgetOrganizationId(organizationId);
      remove();
      navigate('/dashboard');
    },
    [queryClient, navigate],
  );
}
