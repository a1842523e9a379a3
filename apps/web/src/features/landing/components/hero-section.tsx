import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeSample } from '#web/components/code-sample/code-sample.tsx';
import { CheckIcon } from '#web/components/icons.tsx';
import classes from './landing.module.css';
import { useHeroExample } from './use-hero-example.ts';

export function HeroSection() {
  const { t } = useTranslation();
  const example = useHeroExample();
  const highlights = ['landing.hero.noCard', 'landing.hero.currencies', 'landing.hero.format'] as const;

  return (
    <Box component="section" className={classes.hero} py={{ base: 48, sm: 88 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" w="fit-content">
              {t('landing.hero.badge')}
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              <Trans
                i18nKey="landing.hero.title"
                components={{ mark: <span className={classes.highlight} /> }}
              />
            </Title>
            <Text size="lg" c="dimmed">
              {t('landing.hero.subtitle')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/auth/signup" size="md">
                {t('landing.hero.primaryCta')}
              </Button>
              <Button component={Link} to="/auth/login" size="md" variant="default">
                {t('actions.login')}
              </Button>
            </Group>
            <Stack gap={6}>
              {highlights.map((key) => (
                <Group key={key} gap={8} wrap="nowrap">
                  <Text c="brand.7" component="span" display="flex">
                    <CheckIcon size={16} />
                  </Text>
                  <Text size="sm">{t(key)}</Text>
                </Group>
              ))}
            </Stack>
          </Stack>
          <CodeSample label={t('landing.quickStart.overviewLabel')} code={example} isWrapped />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
