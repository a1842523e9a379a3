import { describeUserAgent } from '@cotacep/shared/user-agent';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useDeleteSession } from '../api/delete-session.ts';
import { useSessions } from '../api/get-sessions.ts';

export function SessionsList() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const revoke = useDeleteSession();
  const deviceName = (userAgent: string | null) => {
    const device = describeUserAgent(userAgent);
    if (!device) return t('account.security.unknownDevice');
    return device.os ? t('account.security.device', device) : device.browser;
  };
  const formatDate = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(value),
    );

  return (
    <SettingsSection
      title={t('account.security.sessionsTitle')}
      description={t('account.security.sessionsText')}
    >
      <Stack gap="sm">
        <FormErrorAlert error={sessions.error ?? revoke.error} />
        {sessions.isPending && <Skeleton h={48} />}
        {sessions.data?.map((session) => (
          <Group key={session.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Group gap="xs">
                <Text size="sm" fw={600} truncate title={session.userAgent ?? undefined}>
                  {deviceName(session.userAgent)}
                </Text>
                {session.current && <Badge size="xs">{t('account.security.thisDevice')}</Badge>}
              </Group>
              <Text size="xs" c="dimmed">
                {session.ip
                  ? t('account.security.lastUsed', { date: formatDate(session.lastUsedAt), ip: session.ip })
                  : t('account.security.lastUsedNoIp', { date: formatDate(session.lastUsedAt) })}
              </Text>
            </Stack>
            {!session.current && (
              <Button
                size="xs"
                variant="light"
                color="red"
                style={{ flexShrink: 0 }}
                loading={revoke.isPending && revoke.variables === session.id}
                onClick={() => revoke.mutate(session.id)}
              >
                {t('account.security.revoke')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </SettingsSection>
  );
}
