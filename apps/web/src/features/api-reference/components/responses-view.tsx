import { Accordion, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenApiDocument, ResponseObject } from '../lib/openapi-types.ts';
import { describeType } from '../lib/schema-view.ts';
import { MediaView } from './media-view.tsx';
import { InlineText } from './rich-description.tsx';
import { ScrollRegion } from './scroll-region.tsx';

const statusColor = (status: string) =>
  status.startsWith('2') || status.startsWith('3') ? 'green' : status.startsWith('4') ? 'orange' : 'red';

// Fastify's placeholder says nothing a reader can use.
const describe = (response: ResponseObject) =>
  response.description && response.description !== 'Default Response' ? response.description : undefined;

function HeadersTable({
  document,
  headers,
}: {
  document: OpenApiDocument;
  headers: ResponseObject['headers'];
}) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={t('apiReference.responseHeaders')}>
      <Table fz="xs" verticalSpacing={4} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiReference.responseHeaders')}</Table.Th>
            <Table.Th>{t('apiReference.parameter.type')}</Table.Th>
            <Table.Th>{t('apiReference.parameter.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(headers ?? {}).map(([name, header]) => (
            <Table.Tr key={name}>
              <Table.Td ff="monospace">{name}</Table.Td>
              <Table.Td ff="monospace">{header.schema ? describeType(document, header.schema) : ''}</Table.Td>
              <Table.Td>{header.description && <InlineText text={header.description} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Each status with its description; opened, its headers, content types, schema and examples. */
export function ResponsesView({
  document,
  responses,
}: {
  document: OpenApiDocument;
  responses: Record<string, ResponseObject>;
}) {
  const { t } = useTranslation();
  const statuses = Object.keys(responses);
  const firstSuccess = statuses.find((status) => status.startsWith('2'));
  return (
    // Closed answers are not rendered at all: a long reference has hundreds of them.
    <Accordion
      multiple
      variant="contained"
      defaultValue={firstSuccess ? [firstSuccess] : []}
      radius="md"
      keepMounted={false}
    >
      {Object.entries(responses).map(([status, response]) => (
        <Accordion.Item key={status} value={status}>
          <Accordion.Control>
            <Group gap="sm" wrap="nowrap">
              <Badge color={statusColor(status)} variant="light" radius="sm" miw={48}>
                {status}
              </Badge>
              <Text size="sm" lineClamp={2}>
                {describe(response) ? <InlineText text={describe(response) as string} /> : null}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              {response.headers && Object.keys(response.headers).length > 0 && (
                <HeadersTable document={document} headers={response.headers} />
              )}
              {response.content ? (
                <MediaView document={document} content={response.content} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('apiReference.noBody')}
                </Text>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
