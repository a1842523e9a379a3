import { Code, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenApiDocument, Parameter } from '../lib/openapi-types.ts';
import { toSchemaNode } from '../lib/schema-view.ts';
import classes from './api-reference.module.css';
import { InlineText } from './rich-description.tsx';
import { ConstraintList, EnumList } from './schema-view.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/** Name, place, required, type with its limits, and description of each parameter. */
export function ParametersTable({
  document,
  parameters,
}: {
  document: OpenApiDocument;
  parameters: Parameter[];
}) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={t('apiReference.parameters')}>
      <Table verticalSpacing={6} fz="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiReference.parameter.name')}</Table.Th>
            <Table.Th>{t('apiReference.parameter.in')}</Table.Th>
            <Table.Th>{t('apiReference.parameter.type')}</Table.Th>
            <Table.Th>{t('apiReference.parameter.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parameters.map((parameter) => {
            const node = toSchemaNode(document, parameter.schema ?? {});
            return (
              <Table.Tr key={`${parameter.in}-${parameter.name}`}>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Code fw={600}>{parameter.name}</Code>
                    {/* Plain text, not a Badge: a badge's label is cut with an ellipsis in a narrow column. */}
                    {parameter.required && (
                      <Text span size="xs" fw={600} c="red.9" className={classes.required}>
                        {t('apiReference.required')}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{t(`apiReference.parameter.location.${parameter.in}`)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" ff="monospace">
                      {node.type}
                    </Text>
                    <EnumList values={node.enumValues} />
                    <ConstraintList constraints={node.constraints} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {(parameter.description ?? node.description) && (
                    <Text size="sm">
                      <InlineText text={parameter.description ?? node.description ?? ''} />
                    </Text>
                  )}
                  {parameter.example !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('apiReference.example')}: <Code fz="xs">{String(parameter.example)}</Code>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
