import { Anchor, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getDocumentUrl } from '../api/get-api-document.ts';
import { API_IDS } from '../lib/api-ids.ts';

/** `/docs`: the three APIs, a sentence each, their references and documents, and the Quick Start. */
export function DocsIndexPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1} fz={{ base: 28, sm: 40 }}>
            {t('apiReference.index.title')}
          </Title>
          <Text c="dimmed" size="lg">
            {t('apiReference.index.subtitle')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {API_IDS.map((api) => (
            <Card
              key={api}
              component="article"
              withBorder
              radius="md"
              padding="lg"
              aria-labelledby={`docs-${api}`}
            >
              <Stack gap="sm" h="100%">
                <Title order={2} fz="lg" id={`docs-${api}`}>
                  {t(`apiReference.apis.${api}.name`)}
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {t(`apiReference.apis.${api}.intro`)}
                </Text>
                <Group gap="sm" justify="space-between">
                  <Button
                    component={Link}
                    to={`/docs/${api}`}
                    size="sm"
                    aria-label={`${t('apiReference.index.open')}: ${t(`apiReference.apis.${api}.name`)}`}
                  >
                    {t('apiReference.index.open')}
                  </Button>
                  <Anchor href={getDocumentUrl(api)} size="sm" target="_blank" rel="noopener noreferrer">
                    OpenAPI (JSON)
                  </Anchor>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Paper withBorder radius="md" p="lg" bg="brand.0">
          <Group justify="space-between" gap="md">
            <Stack gap={4} maw={620}>
              <Title order={2} fz="lg">
                {t('apiReference.index.quickStartTitle')}
              </Title>
              <Text size="sm">{t('apiReference.index.quickStartText')}</Text>
            </Stack>
            <Button component={Link} to="/quick-start" variant="white">
              {t('apiReference.index.quickStartLink')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
