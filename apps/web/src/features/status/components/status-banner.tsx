import { Alert, Anchor, CloseButton, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XCircleIcon } from '#web/components/icons.tsx';
import { useLinkComponent } from '#web/components/site-link/site-link.tsx';
import type { StatusApi } from '#web/lib/status/get-status.ts';
import { readBannerDismissal, saveBannerDismissal } from '../lib/banner-dismissal.ts';
import { hasNewOutage } from '../lib/derive-status.ts';
import classes from './status-banner.module.css';

/**
 * "The quotes API is down": shown only while an API cannot answer; closing it hides it for the session
 * until another API goes down. A strip in the page's flow after the content, above the footer: it covers
 * nothing, comes after the page in the tab order, and appearing there moves nothing on screen.
 */
export function StatusBanner({ outages }: { outages: StatusApi[] }) {
  const { t, i18n } = useTranslation();
  const Link = useLinkComponent();
  const [dismissed, setDismissed] = useState<StatusApi[] | null>(readBannerDismissal);
  if (dismissed !== null && !hasNewOutage(dismissed, outages)) return null;

  const onDismiss = () => {
    saveBannerDismissal(outages);
    setDismissed(outages);
  };
  const apis = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    outages.map((api) => t(`status.banner.apis.${api}`)),
  );
  return (
    <Container size="lg" w="100%" className={classes.strip}>
      <Alert
        color="red"
        variant="light"
        radius="md"
        py={8}
        icon={<XCircleIcon size={18} />}
        role="status"
        aria-label={t('status.banner.label')}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
          <Text size="sm">
            {t('status.banner.outage', { count: outages.length, apis })}{' '}
            {/* The alert's own dark red, underlined: the theme's green on this pink is 4.39:1, under AA. */}
            <Anchor component={Link} to="/status" size="sm" fw={600} inherit c="red.9" underline="always">
              {t('status.banner.link')}
            </Anchor>
          </Text>
          <CloseButton size="sm" onClick={onDismiss} aria-label={t('status.banner.dismiss')} />
        </Group>
      </Alert>
    </Container>
  );
}
