import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A teaser of the Quick Start page, where the examples (with the customer's own key) live. */
export function QuickStartSection() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      id="quick-start"
      bg="gray.0"
      py={{ base: 48, sm: 72 }}
      aria-labelledby="landing-quick-start"
    >
      <Container size="lg">
        <Group justify="space-between" align="center" gap="lg">
          <Stack gap="xs" maw={720}>
            <Title order={2} id="landing-quick-start">
              {t('landing.quickStart.title')}
            </Title>
            <Text c="dimmed">{t('landing.quickStart.subtitle')}</Text>
          </Stack>
          <Button component={Link} to="/quick-start" size="md">
            {t('landing.quickStart.open')}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
