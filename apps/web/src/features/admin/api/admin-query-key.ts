import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every console query sits under this key: an action refreshes what it changed by a prefix of it. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

/**
 * A staff action: once it succeeds, everything the console shows is read again (the customer's page, usage and
 * trail, the list's badges, the staff trail), since one action shows in several of them.
 */
export function useStaffAction<Variables, Result>(action: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
