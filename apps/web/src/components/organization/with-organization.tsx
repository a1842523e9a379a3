import type { Organization } from '@cotacep/shared/organization-schemas';
import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useOrganizations } from '#web/lib/organization/get-organizations.ts';
import { useOrganization } from '#web/lib/organization/use-organization.ts';

type WithOrganizationProps = { children: (organization: Organization) => ReactNode };

/** Renders `children` with the current organization once it is known; until then a placeholder or the error. */
export function WithOrganization({ children }: WithOrganizationProps) {
  const { organization } = useOrganization();
  const list = useOrganizations();
  if (!organization) {
    return list.isError ? <FormErrorAlert error={list.error} /> : <Skeleton h={160} radius="md" />;
  }
  return children(organization);
}
