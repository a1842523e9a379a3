import { Anchor, Badge, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getAppConfig } from '#web/lib/app-config.ts';
import { getCurlCommand, getOperationAuth } from '../lib/curl-command.ts';
import type { OperationEntry } from '../lib/group-operations.ts';
import type { OpenApiDocument } from '../lib/openapi-types.ts';
import { toSchemaNode } from '../lib/schema-view.ts';
import type { SharedParts } from '../lib/shared-responses.ts';
import { AnchoredArticle } from './anchored-article.tsx';
import classes from './api-reference.module.css';
import { CopyCurlButton } from './copy-curl-button.tsx';
import { MediaView } from './media-view.tsx';
import { MethodBadge } from './method-badge.tsx';
import { ParametersTable } from './parameters-table.tsx';
import { ResponsesView } from './responses-view.tsx';
import { RichDescription } from './rich-description.tsx';
import { SchemaView } from './schema-view.tsx';

function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={4} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
      {children}
    </Title>
  );
}

/** One operation: method, path, what it does, what it takes and what it answers; its own anchor. */
export function OperationCard({
  document,
  entry,
  shared,
}: {
  document: OpenApiDocument;
  entry: OperationEntry;
  /** The answers and headers the page describes once (`findSharedParts`). */
  shared?: SharedParts;
}) {
  const { t } = useTranslation();
  const { method, path, operation, anchor } = entry;
  const auth = getOperationAuth(document, operation);
  const curl = getCurlCommand(
    document,
    method,
    path,
    operation,
    getAppConfig().publicUrl,
    t('quickStart.keyPlaceholder'),
  );
  const body = operation.requestBody?.content;
  const bodyNode = body?.['application/json']?.schema;
  return (
    <AnchoredArticle anchor={anchor}>
      <Stack gap="md">
        <Stack gap={6}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <MethodBadge method={method} />
            <Text className={classes.path} component="span">
              {path}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Title order={3} fz="lg" id={`${anchor}-title`}>
              <Anchor href={`#${anchor}`} c="inherit" underline="hover">
                {operation.summary ?? `${method.toUpperCase()} ${path}`}
              </Anchor>
            </Title>
            <Badge variant="dot" color={auth === 'none' ? 'gray' : 'brand'} tt="none" fw={500}>
              {t(`apiReference.auth.badge.${auth}`)}
            </Badge>
          </Group>
          {operation.description && <RichDescription text={operation.description} />}
        </Stack>
        {(operation.parameters?.length ?? 0) > 0 && (
          <Stack gap="xs">
            <SectionTitle>{t('apiReference.parameters')}</SectionTitle>
            <ParametersTable document={document} parameters={operation.parameters ?? []} />
          </Stack>
        )}
        {body && (
          <Stack gap="xs">
            <SectionTitle>{t('apiReference.requestBody')}</SectionTitle>
            {bodyNode && Object.keys(body).length === 1 ? (
              <SchemaView node={toSchemaNode(document, bodyNode)} />
            ) : (
              <MediaView document={document} content={body} />
            )}
          </Stack>
        )}
        {operation.responses && (
          <Stack gap="xs">
            <SectionTitle>{t('apiReference.responses')}</SectionTitle>
            <ResponsesView document={document} responses={operation.responses} shared={shared} />
          </Stack>
        )}
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <SectionTitle>{t('apiReference.curl')}</SectionTitle>
            <CopyCurlButton command={curl} />
          </Group>
          <Code block className={classes.curl}>
            {curl}
          </Code>
        </Stack>
      </Stack>
    </AnchoredArticle>
  );
}
