import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeSample } from '#web/components/code-sample/code-sample.tsx';
import type { TryItAnswer } from '../lib/send-try-it.ts';

const STATUS_CLASSES = [
  { below: 300, key: 'success', color: 'green' },
  { below: 400, key: 'redirect', color: 'blue' },
  { below: 500, key: 'clientError', color: 'orange' },
  { below: Number.POSITIVE_INFINITY, key: 'serverError', color: 'red' },
] as const;

const statusClassOf = (status: number) => STATUS_CLASSES.find(({ below }) => status < below)!;

/** What the API said about a refusal, in the page's words (the body below has the gateway's own). */
const EXPLAINED_STATUSES = [401, 403, 429] as const;
const isExplained = (status: number): status is (typeof EXPLAINED_STATUSES)[number] =>
  EXPLAINED_STATUSES.some((explained) => explained === status);

/** The outcome in one line (status and its class in words, time): what the live region announces. */
export function TryItStatus({ answer }: { answer: TryItAnswer }) {
  const { t } = useTranslation();
  const elapsed = t('quickStart.tryIt.elapsed', { ms: answer.elapsedMs });
  if (answer.kind === 'network-error') {
    return (
      <Stack gap="xs">
        <Group gap="sm">
          <Badge color="red" variant="filled" size="lg" tt="none">
            {t('quickStart.tryIt.networkError')}
          </Badge>
          <Text size="sm">{elapsed}</Text>
        </Group>
        <Text size="sm">{t('quickStart.tryIt.networkErrorText', { message: answer.message })}</Text>
      </Stack>
    );
  }
  const statusClass = statusClassOf(answer.status);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Badge color={statusClass.color} variant="filled" size="lg" tt="none">
          {t('quickStart.tryIt.status', {
            status: answer.status,
            meaning: t(`quickStart.tryIt.statusClass.${statusClass.key}`),
          })}
        </Badge>
        <Text size="sm">{elapsed}</Text>
      </Group>
      {isExplained(answer.status) && <Text size="sm">{t(`quickStart.tryIt.explain.${answer.status}`)}</Text>}
    </Stack>
  );
}

/** The answer's headers worth reading and its body, pretty-printed. */
export function TryItDetails({ answer }: { answer: Extract<TryItAnswer, { kind: 'response' }> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={0}>
        <Table withTableBorder fz="sm" captionSide="top">
          <Table.Caption>{t('quickStart.tryIt.headers')}</Table.Caption>
          <Table.Tbody>
            {answer.headers.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" ff="monospace" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {name}
                </Table.Th>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CodeSample label={t('quickStart.tryIt.body')} code={answer.body} />
    </Stack>
  );
}
