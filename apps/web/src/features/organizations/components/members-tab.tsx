import { Stack } from '@mantine/core';
import { WithOrganization } from '#web/components/organization/with-organization.tsx';
import { DeleteOrganizationSection } from './delete-organization-section.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { MembersSection } from './members-section.tsx';
import { OrganizationSection } from './organization-section.tsx';
import { RequireTwoFactorSection } from './require-two-factor-section.tsx';

/**
 * Account Settings → Members (issue 24): the current organization, whether it requires two-factor (issue 25),
 * its members, invitations and deletion.
 */
export function MembersTab() {
  return (
    <WithOrganization>
      {(organization) => (
        <Stack>
          {/* Keyed by organization: a switch starts every form afresh. */}
          <OrganizationSection key={`name-${organization.id}`} organization={organization} />
          <RequireTwoFactorSection key={`two-factor-${organization.id}`} organization={organization} />
          <MembersSection organization={organization} />
          <InvitationsSection organization={organization} />
          <DeleteOrganizationSection key={`delete-${organization.id}`} organization={organization} />
        </Stack>
      )}
    </WithOrganization>
  );
}
