import { STORAGE_KEYS } from '@cotacep/shared/constants';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

function hasConsented(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.cookieConsent) === 'true';
  } catch {
    return false;
  }
}

/** Spec §2: shown on every page until Accept; the choice is kept for good under `cookieConsent`. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [isAccepted, setIsAccepted] = useState(hasConsented);
  if (isAccepted) return null;

  const onAccept = () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'true');
    setIsAccepted(true);
  };

  return (
    <Paper
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
      style={{ zIndex: 300 }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" style={{ flex: '1 1 280px' }}>
          {t('cookies.message')}
        </Text>
        <Button onClick={onAccept}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
