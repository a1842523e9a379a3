import { Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Constraint, SchemaNode } from '../lib/schema-view.ts';
import classes from './api-reference.module.css';
import { InlineText } from './rich-description.tsx';

/** Pattern, bounds, format and default in words: "padrão ^\d{8}$ · mín. 1". */
export function ConstraintList({ constraints }: { constraints: Constraint[] }) {
  const { t } = useTranslation();
  if (constraints.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      {constraints.map((constraint) => (
        <Text key={`${constraint.kind}-${constraint.value}`} size="xs" c="dimmed">
          {t(`apiReference.constraint.${constraint.kind}`)} <Code fz="xs">{constraint.value}</Code>
        </Text>
      ))}
    </Group>
  );
}

export function EnumList({ values }: { values?: string[] }) {
  const { t } = useTranslation();
  if (!values?.length) return null;
  return (
    <Group gap={4} wrap="wrap">
      <Text size="xs" c="dimmed">
        {t('apiReference.constraint.enum')}
      </Text>
      {values.map((value) => (
        <Code key={value} fz="xs">
          {value}
        </Code>
      ))}
    </Group>
  );
}

function SchemaRow({ node }: { node: SchemaNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} py={4}>
      <Group gap={6} wrap="wrap">
        {node.name !== undefined && (
          <Text size="sm" ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {node.name}
          </Text>
        )}
        <Text size="xs" c="dimmed" ff="monospace">
          {node.type}
        </Text>
        {node.isRequired && (
          <Text span size="xs" fw={600} c="red.9" className={classes.required}>
            {t('apiReference.required')}
          </Text>
        )}
        {node.isCycle && (
          <Text size="xs" c="dimmed">
            {t('apiReference.schema.cycle')}
          </Text>
        )}
      </Group>
      {node.description && (
        <Text size="xs" c="gray.7">
          <InlineText text={node.description} />
        </Text>
      )}
      <EnumList values={node.enumValues} />
      <ConstraintList constraints={node.constraints} />
      {node.children.length > 0 && (
        <div className={classes.schemaChildren}>
          {node.children.map((child) => (
            <SchemaRow key={child.name} node={child} />
          ))}
        </div>
      )}
    </Stack>
  );
}

/** A schema as a tree of properties: type, required, limits, allowed values and descriptions. */
export function SchemaView({ node }: { node: SchemaNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {t('apiReference.schema.label')}: <Code fz="xs">{node.type}</Code>
      </Text>
      {node.description && (
        <Text size="xs">
          <InlineText text={node.description} />
        </Text>
      )}
      <EnumList values={node.enumValues} />
      <ConstraintList constraints={node.constraints} />
      {node.children.map((child) => (
        <SchemaRow key={child.name} node={child} />
      ))}
    </Stack>
  );
}
