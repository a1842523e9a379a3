import { Accordion, Anchor, Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenApiDocument, ResponseObject } from '../lib/openapi-types.ts';
import { describeType } from '../lib/schema-view.ts';
import { COMMON_HEADERS_ANCHOR, type SharedParts } from '../lib/shared-responses.ts';
import { MediaView } from './media-view.tsx';
import { InlineText } from './rich-description.tsx';
import { ScrollRegion } from './scroll-region.tsx';

export const statusColor = (status: string) =>
  status.startsWith('2') || status.startsWith('3') ? 'green' : status.startsWith('4') ? 'orange' : 'red';

// Fastify's placeholder says nothing a reader can use.
export const describe = (response: ResponseObject) =>
  response.description && response.description !== 'Default Response' ? response.description : undefined;

export function HeadersTable({
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
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {name}
              </Table.Td>
              <Table.Td ff="monospace">{header.schema ? describeType(document, header.schema) : ''}</Table.Td>
              <Table.Td>{header.description && <InlineText text={header.description} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The operation's answers that are the page's common ones: their statuses, each a link to its entry. */
function SharedResponseLinks({ links }: { links: { status: string; anchor: string }[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <Group gap={6} align="center">
      <Text size="sm" c="dimmed">
        {t('apiReference.common.inOperation')}
      </Text>
      {links.map(({ status, anchor }) => (
        <Badge
          key={anchor}
          component="a"
          href={`#${anchor}`}
          color={statusColor(status)}
          variant="light"
          radius="sm"
          style={{ cursor: 'pointer' }}
        >
          {status}
        </Badge>
      ))}
    </Group>
  );
}

/** The headers of an answer the page describes once: named here, linked to their common table. */
function SharedHeaderNote({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('apiReference.common.headersInOperation')}{' '}
      {names.map((name, index) => (
        <span key={name}>
          {/* A header's name is one token: it never wraps at its hyphens. */}
          <Code style={{ whiteSpace: 'nowrap' }}>{name}</Code>
          {index < names.length - 1 ? ', ' : ': '}
        </span>
      ))}
      <Anchor href={`#${COMMON_HEADERS_ANCHOR}`} size="sm" underline="always">
        {t('apiReference.common.headersLink')}
      </Anchor>
    </Text>
  );
}

/**
 * Each status with its description; opened, its headers, content types, schema and examples. Answers and
 * headers the page's common section describes are only named and linked (issue 23).
 */
export function ResponsesView({
  document,
  responses: allResponses,
  shared,
}: {
  document: OpenApiDocument;
  responses: Record<string, ResponseObject>;
  shared?: SharedParts;
}) {
  const { t } = useTranslation();
  const links = Object.entries(allResponses)
    .flatMap(([status, response]) => {
      const entry = shared?.sharedResponseOf(status, response);
      return entry ? [{ status, anchor: entry.anchor }] : [];
    })
    .sort((a, b) => (a.status < b.status ? -1 : 1));
  const responses = Object.fromEntries(
    Object.entries(allResponses).filter(([status, response]) => !shared?.sharedResponseOf(status, response)),
  );
  const ownHeaders = (response: ResponseObject) =>
    Object.fromEntries(
      Object.entries(response.headers ?? {}).filter(
        ([name, header]) => !shared?.isSharedHeader(name, header),
      ),
    );
  const sharedHeaderNames = (response: ResponseObject) =>
    Object.entries(response.headers ?? {})
      .filter(([name, header]) => shared?.isSharedHeader(name, header))
      .map(([name]) => name);
  const statuses = Object.keys(responses);
  const firstSuccess = statuses.find((status) => status.startsWith('2'));
  return (
    <Stack gap="xs">
      {/* Closed answers are not rendered at all: a long reference has hundreds of them. */}
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
                {Object.keys(ownHeaders(response)).length > 0 && (
                  <HeadersTable document={document} headers={ownHeaders(response)} />
                )}
                <SharedHeaderNote names={sharedHeaderNames(response)} />
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
      <SharedResponseLinks links={links} />
    </Stack>
  );
}
