import { STORAGE_KEYS } from '@cotacep/shared/constants';
import { Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootStyleProperty } from '#web/lib/use-root-style-property.ts';
import { useLinkComponent } from '../site-link/site-link.tsx';

function hasConsented(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.cookieConsent) === 'true';
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function accept(): void {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'true');
  for (const listener of listeners) listener();
}

// A prerendered page (decision 039) shows the notice, as to a first visit; after hydration the browser's
// answer counts, so one who accepted before sees it go at once, and nothing mismatches.
const NOT_YET = () => false;

/** Spec §2: shown on every page until Accept; the choice is kept for good under `cookieConsent`. */
export function CookieBanner() {
  const { t } = useTranslation();
  const Link = useLinkComponent();
  const isAccepted = useSyncExternalStore(subscribe, hasConsented, NOT_YET);
  const { ref, height } = useElementSize();
  // Other notices floating at the bottom (the status banner) stack above this one.
  useRootStyleProperty('--cookie-banner-room', !isAccepted && height ? `${Math.ceil(height) + 8}px` : null);
  if (isAccepted) return null;

  return (
    <>
      {/* Room at the end of the page, so the banner never hides the footer. */}
      <Box h={height + 48} aria-hidden="true" />
      <Paper
        ref={ref}
        component="section"
        aria-label={t('cookies.label')}
        shadow="lg"
        withBorder
        p="md"
        radius="md"
        pos="fixed"
        bottom={16}
        left={16}
        right={16}
        maw={720}
        mx="auto"
        // Under Mantine's modals and drawers (200), which must cover it while open.
        style={{ zIndex: 190 }}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" style={{ flex: '1 1 280px' }}>
            {t('cookies.message')}{' '}
            <Anchor component={Link} to="/privacy#cookies" size="sm">
              {t('cookies.privacy')}
            </Anchor>
          </Text>
          <Button onClick={accept}>{t('cookies.accept')}</Button>
        </Group>
      </Paper>
    </>
  );
}
