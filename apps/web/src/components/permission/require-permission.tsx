import type { Permission } from '@cotacep/shared/roles';
import { Alert, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePermission } from '../../lib/organization/use-permission.ts';

type RequirePermissionProps = {
  permission: Permission;
  /** A whole page rather than a tab: the notice gets the page's margins. */
  isPage?: boolean;
  children: ReactNode;
};

/**
 * A tab or page the user's role cannot use (a Billing member's Tokens tab, a Developer's Billing tab): the
 * reason in its place, and none of its requests sent.
 */
export function RequirePermission({ permission, isPage = false, children }: RequirePermissionProps) {
  const state = usePermission(permission);
  if (state.isAllowed) return children;
  const notice = (
    <Alert color="gray" variant="light" role="status">
      {state.reason}
    </Alert>
  );
  return isPage ? (
    <Container size="md" py="xl">
      {notice}
    </Container>
  ) : (
    notice
  );
}
