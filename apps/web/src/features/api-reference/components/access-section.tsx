import { Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getAppConfig } from '#web/lib/app-config.ts';
import type { OpenApiDocument } from '../lib/openapi-types.ts';
import { MethodBadge } from './method-badge.tsx';

const LEGEND_METHODS = ['get', 'post', 'patch', 'delete'] as const;

/** The legend's methods this document uses (PUT counts as PATCH): a read-only API explains only GET. */
function methodsOf(document: OpenApiDocument): (typeof LEGEND_METHODS)[number][] {
  const used = new Set(
    Object.values(document.paths ?? {}).flatMap((item) =>
      Object.keys(item).map((method) => (method === 'put' ? 'patch' : method)),
    ),
  );
  return LEGEND_METHODS.filter((method) => used.has(method));
}

/** Base URL, how to authenticate (in our words, per kind of scheme) and what the method badges mean. */
export function AccessSection({ document, documentUrl }: { document: OpenApiDocument; documentUrl: string }) {
  const { t } = useTranslation();
  const schemes = Object.values(document.components?.securitySchemes ?? {});
  const hasApiKey = schemes.some((scheme) => scheme.type === 'apiKey');
  const hasBearer = schemes.some((scheme) => scheme.type === 'http' && scheme.scheme === 'bearer');
  const servers = document.servers?.length ? document.servers : [{ url: getAppConfig().publicUrl }];
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} fz="md">
            {t('apiReference.baseUrl')}
          </Title>
          {servers.map((server) => (
            <Code key={server.url} block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {server.url}
            </Code>
          ))}
          <Text size="xs" c="dimmed">
            {t('apiReference.documentLink')}{' '}
            <a href={documentUrl} target="_blank" rel="noopener noreferrer">
              openapi.json
            </a>
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} fz="md">
            {t('apiReference.auth.title')}
          </Title>
          <List size="sm" spacing={4}>
            {hasApiKey && <List.Item>{t('apiReference.auth.apiKeyHeader')}</List.Item>}
            {hasApiKey && <List.Item>{t('apiReference.auth.apiKeyQuery')}</List.Item>}
            {hasBearer && <List.Item>{t('apiReference.auth.bearer')}</List.Item>}
            {!hasApiKey && !hasBearer && <List.Item>{t('apiReference.auth.none')}</List.Item>}
          </List>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} fz="md">
            {t('apiReference.methods.title')}
          </Title>
          {methodsOf(document).map((method) => (
            <Group key={method} gap="xs" wrap="nowrap">
              <MethodBadge method={method} size="xs" />
              <Text size="sm">{t(`apiReference.methods.${method}`)}</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
