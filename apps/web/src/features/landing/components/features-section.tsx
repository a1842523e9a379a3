import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BoltIcon, CurrencyIcon, GiftIcon, MapPinIcon } from '#web/components/icons.tsx';
import classes from './landing.module.css';

const FEATURES: { key: 'quotes' | 'cep' | 'free' | 'keys'; icon: ReactNode }[] = [
  { key: 'quotes', icon: <CurrencyIcon size={22} /> },
  { key: 'cep', icon: <MapPinIcon size={22} /> },
  { key: 'free', icon: <GiftIcon size={22} /> },
  { key: 'keys', icon: <BoltIcon size={22} /> },
];

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <Container component="section" id="features" size="lg" py={{ base: 48, sm: 80 }}>
      <Stack gap="xs" align="center" ta="center" mb={40}>
        <Title order={2}>{t('landing.features.title')}</Title>
        <Text c="dimmed" maw={640}>
          {t('landing.features.subtitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {FEATURES.map(({ key, icon }) => (
          <Card key={key} withBorder radius="md" padding="lg" className={classes.featureCard}>
            <ThemeIcon size={44} radius="md" variant="light">
              {icon}
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md" mb={6}>
              {t(`landing.features.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`landing.features.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
