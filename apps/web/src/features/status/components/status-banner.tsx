import { Alert, Anchor, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertTriangleIcon } from '#web/components/icons.tsx';
import type { SourceStatus } from '#web/lib/status/get-status.ts';
import { useRootStyleProperty } from '#web/lib/use-root-style-property.ts';
import { readBannerDismissal, saveBannerDismissal } from '../lib/banner-dismissal.ts';
import { hasWorsened, type StateSnapshot, snapshotStates } from '../lib/derive-status.ts';
import classes from './status-banner.module.css';

/**
 * "Some data is out of date": shown while the status is degraded; closing it hides it for the session
 * until some source gets worse than it was when it was closed. It floats at the bottom of the window so that
 * appearing after the page has drawn moves nothing on it.
 */
export function StatusBanner({ sources }: { sources: SourceStatus[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<StateSnapshot | null>(readBannerDismissal);
  const { ref, height } = useElementSize();
  const current = snapshotStates(sources);
  const isHidden = dismissed !== null && !hasWorsened(dismissed, current);
  // Room at the end of the page (site-layout.module.css), so the banner never hides the footer.
  useRootStyleProperty('--status-banner-room', !isHidden && height ? `${Math.ceil(height) + 32}px` : null);
  if (isHidden) return null;

  const onDismiss = () => {
    saveBannerDismissal(current);
    setDismissed(current);
  };
  return (
    <Paper ref={ref} className={classes.dock} shadow="lg" radius="md">
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
    </Paper>
  );
}
