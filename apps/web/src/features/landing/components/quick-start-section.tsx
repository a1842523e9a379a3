import { Box, Container, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeSample } from './code-sample.tsx';
import { useApiExamples } from './use-api-examples.ts';

export function QuickStartSection() {
  const { t } = useTranslation();
  const examples = useApiExamples();
  return (
    <Box component="section" id="quick-start" bg="gray.0" py={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <Stack gap="xs" mb="xl">
          <Title order={2}>{t('landing.quickStart.title')}</Title>
          <Text c="dimmed" maw={720}>
            {t('landing.quickStart.subtitle')}
          </Text>
        </Stack>
        <Tabs defaultValue="quotes" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="quotes">{t('landing.quickStart.quotesTab')}</Tabs.Tab>
            <Tabs.Tab value="cep">{t('landing.quickStart.cepTab')}</Tabs.Tab>
            <Tabs.Tab value="javascript">{t('landing.quickStart.javascriptTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="quotes">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <CodeSample label={t('landing.quickStart.queryLabel')} code={examples.quotesQuery} />
              <CodeSample label={t('landing.quickStart.headerLabel')} code={examples.quotesHeader} />
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="cep">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <CodeSample label={t('landing.quickStart.queryLabel')} code={examples.cepQuery} />
              <CodeSample label={t('landing.quickStart.headerLabel')} code={examples.cepHeader} />
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="javascript">
            <CodeSample label={t('landing.quickStart.javascriptLabel')} code={examples.javascript} />
          </Tabs.Panel>
        </Tabs>
        <Text size="sm" c="dimmed" mt="md">
          {t('landing.quickStart.tokenHint')}
        </Text>
      </Container>
    </Box>
  );
}
