import type { InvitationPreview } from '@cotacep/shared/organization-schemas';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Who invites whom to which organization, in which role, until when. */
export function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  const { t, i18n } = useTranslation();
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(invitation.expiresAt),
  );
  const lines = [
    [t('organizations.accept.organization'), invitation.organizationName],
    [t('organizations.accept.role'), t(`organizations.roles.${invitation.role}`)],
    [t('organizations.accept.invitedBy'), invitation.invitedBy],
    [t('organizations.accept.invitedAddress'), invitation.email],
    [t('organizations.accept.expires'), expires],
  ] as const;

  return (
    <Stack gap="sm">
      <Text>
        {t('organizations.accept.intro', {
          name: invitation.invitedBy,
          organization: invitation.organizationName,
        })}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
          {lines.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}
