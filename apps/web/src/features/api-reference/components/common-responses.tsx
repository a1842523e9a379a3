import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenApiDocument } from '../lib/openapi-types.ts';
import { COMMON_HEADERS_ANCHOR, COMMON_RESPONSES_ANCHOR, type SharedParts } from '../lib/shared-responses.ts';
import { AnchoredArticle } from './anchored-article.tsx';
import classes from './api-reference.module.css';
import { MediaView } from './media-view.tsx';
import { describe, HeadersTable, statusColor } from './responses-view.tsx';
import { InlineText } from './rich-description.tsx';

/**
 * The answers and headers every operation would otherwise repeat, each described once with its own anchor;
 * operations link here (issue 23).
 */
export function CommonResponses({ document, shared }: { document: OpenApiDocument; shared: SharedParts }) {
  const { t } = useTranslation();
  if (shared.responses.length === 0 && shared.headers.length === 0) return null;
  return (
    <Stack component="section" gap="md" aria-labelledby={COMMON_RESPONSES_ANCHOR}>
      <Stack gap={4}>
        <Title order={2} id={COMMON_RESPONSES_ANCHOR} className={classes.anchorTarget}>
          {t('apiReference.common.title')}
        </Title>
        <Text c="dimmed">{t('apiReference.common.text')}</Text>
      </Stack>
      {shared.headers.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} fz="lg" id={COMMON_HEADERS_ANCHOR} className={classes.anchorTarget}>
              {t('apiReference.common.headersTitle')}
            </Title>
            <Text size="sm">{t('apiReference.common.headersText')}</Text>
            <HeadersTable
              document={document}
              headers={Object.fromEntries(shared.headers.map(({ name, header }) => [name, header]))}
            />
          </Stack>
        </Paper>
      )}
      {shared.responses.map(({ status, anchor, response }) => (
        <AnchoredArticle key={anchor} anchor={anchor}>
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Badge color={statusColor(status)} variant="light" radius="sm" miw={48}>
                {status}
              </Badge>
              <Title order={3} fz="md" fw={600} id={`${anchor}-title`}>
                {describe(response) ? <InlineText text={describe(response) as string} /> : status}
              </Title>
            </Group>
            {response.headers && Object.keys(response.headers).length > 0 && (
              <HeadersTable document={document} headers={response.headers} />
            )}
            {response.content && <MediaView document={document} content={response.content} />}
          </Stack>
        </AnchoredArticle>
      ))}
    </Stack>
  );
}
