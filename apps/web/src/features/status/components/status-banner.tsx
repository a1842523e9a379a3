import { Alert, Anchor, CloseButton, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertTriangleIcon } from '#web/components/icons.tsx';
import type { SourceStatus } from '#web/lib/status/get-status.ts';
import { readBannerDismissal, saveBannerDismissal } from '../lib/banner-dismissal.ts';
import { hasWorsened, type StateSnapshot, snapshotStates } from '../lib/derive-status.ts';

/**
 * "Some data is out of date": shown while the status is degraded; closing it hides it for the session
 * until some source gets worse than it was when it was closed.
 */
export function StatusBanner({ sources }: { sources: SourceStatus[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<StateSnapshot | null>(readBannerDismissal);
  const current = snapshotStates(sources);
  if (dismissed && !hasWorsened(dismissed, current)) return null;

  const onDismiss = () => {
    saveBannerDismissal(current);
    setDismissed(current);
  };
  return (
    <Container size="lg" pt="sm" w="100%">
      <Alert
        color="yellow"
        variant="light"
        radius="md"
        py={8}
        icon={<AlertTriangleIcon size={18} />}
        role="status"
        aria-label={t('status.banner.label')}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">
            {t('status.banner.text')}{' '}
            <Anchor component={Link} to="/status" size="sm" fw={600} inherit>
              {t('status.banner.link')}
            </Anchor>
          </Text>
          <CloseButton size="sm" onClick={onDismiss} aria-label={t('status.banner.dismiss')} />
        </Group>
      </Alert>
    </Container>
  );
}
