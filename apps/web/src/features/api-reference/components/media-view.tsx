import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MediaType, OpenApiDocument } from '../lib/openapi-types.ts';
import { toSchemaNode } from '../lib/schema-view.ts';
import classes from './api-reference.module.css';
import { SchemaView } from './schema-view.tsx';

const format = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function Example({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Code block className={classes.example}>
        {format(value)}
      </Code>
    </Stack>
  );
}

/** One body per content type: the type, its schema tree and the document's examples. */
export function MediaView({
  document,
  content,
}: {
  document: OpenApiDocument;
  content: Record<string, MediaType>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {Object.entries(content).map(([type, media]) => (
        <Stack key={type} gap="xs">
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('apiReference.contentType')}
            </Text>
            <Badge variant="outline" color="gray" size="sm" radius="sm" tt="none">
              {type}
            </Badge>
          </Group>
          {media.schema && <SchemaView node={toSchemaNode(document, media.schema)} />}
          {media.example !== undefined && <Example label={t('apiReference.example')} value={media.example} />}
          {Object.entries(media.examples ?? {}).map(([name, example]) => (
            <Example
              key={name}
              label={`${t('apiReference.example')}: ${example.summary ?? name}`}
              value={example.value}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
