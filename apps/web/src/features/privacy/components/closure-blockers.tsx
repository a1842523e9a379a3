import type { ClosureBlocker } from '@cotacep/shared/privacy-schemas';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSwitchOrganization } from '#web/lib/organization/use-switch-organization.ts';

/**
 * Why the account cannot close yet: each organization where the user is the only Owner, what to do there, and
 * a way into it (its Members tab, or its Billing tab for a subscription).
 */
export function ClosureBlockers({ blockers }: { blockers: ClosureBlocker[] }) {
  const { t } = useTranslation();
  const switchOrganization = useSwitchOrganization();
  const navigate = useNavigate();
  const open = async (blocker: ClosureBlocker) => {
    await switchOrganization(blocker.organizationId);
    const tab = blocker.reasons.includes('other_members') ? 'members' : 'billing';
    navigate(`/account/settings?tab=${tab}`);
  };
  return (
    <Alert color="orange" variant="light" role="alert" title={t('privacy.close.blockedTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('privacy.close.blocked')}</Text>
        <List size="sm" spacing="sm">
          {blockers.map((blocker) => (
            <List.Item key={blocker.organizationId}>
              <Text size="sm" fw={600}>
                {blocker.organizationName}
              </Text>
              {blocker.reasons.map((reason) => (
                <Text key={reason} size="sm">
                  {t(`privacy.close.reasons.${reason}`)}
                </Text>
              ))}
              <Button variant="subtle" size="compact-sm" px={0} onClick={() => void open(blocker)}>
                {t('privacy.close.openOrganization', { name: blocker.organizationName })}
              </Button>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
