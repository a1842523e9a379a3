import type { Organization } from '@cotacep/shared/organization-schemas';
import { type Permission, can as roleCan } from '@cotacep/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetOrganizationId, useCurrentOrganizationId } from '../session/organization-store.ts';
import { useSession } from '../session/session-store.ts';
import { getOrganizationsQueryOptions, useOrganizations } from './get-organizations.ts';

export type CurrentOrganization = {
  /** The organization this tab works in; null while the list loads (or could not be read). */
  organization: Organization | null;
  organizations: Organization[];
  isPending: boolean;
  /**
   * Whether the caller's role allows `permission` there, from the shared table the server checks. True while
   * the organization is unknown: the server still refuses, and a Viewer's buttons are disabled once it loads.
   */
  can: (permission: Permission) => boolean;
};

/** The stored choice if it is still one of the user's organizations, else the default one. */
function pickCurrent(items: Organization[], storedId: string | null): Organization | null {
  return (
    items.find((item) => item.id === storedId) ?? items.find((item) => item.isDefault) ?? items[0] ?? null
  );
}

const isOrganizationsQuery = (queryKey: readonly unknown[]) =>
  queryKey[0] === getOrganizationsQueryOptions().queryKey[0];

/** The current organization and what the user's role there allows (issue 24). */
export function useOrganization(): CurrentOrganization {
  const queryClient = useQueryClient();
  const { isAuthenticated } = useSession();
  const storedId = useCurrentOrganizationId();
  const list = useOrganizations({ isEnabled: isAuthenticated });
  const organizations = list.data?.items ?? [];
  const organization = pickCurrent(organizations, storedId);
  const goneId = list.isSuccess && storedId !== null && organization?.id !== storedId ? storedId : null;

  // Removed from it (or it was deleted): what was read with its id (404s) is read again from the default one.
  useEffect(() => {
    if (goneId && forgetOrganizationId(goneId)) {
      void queryClient.invalidateQueries({ predicate: (query) => !isOrganizationsQuery(query.queryKey) });
    }
  }, [goneId, queryClient]);

  return {
    organization,
    organizations,
    isPending: list.isPending,
    can: (permission) => !organization || roleCan(organization.role, permission),
  };
}
