import { Anchor, Card, Container, Group, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { useClosures } from '../api/get-closures.ts';
import { Pager } from './pager.tsx';
import { TableScroll } from './table-scroll.tsx';

const DAY_MS = 86_400_000;

/** Accounts whose owners asked to close them, the soonest to be anonymised first (signing in cancels). */
export function ClosuresPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const closures = useClosures(page);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Container size="lg" py="lg">
      <PageHeader title={t('admin.closures.title')} description={t('admin.closures.description')} />
      <FormErrorAlert error={closures.error} />
      {closures.isPending && <Skeleton h={200} radius="md" />}
      {closures.data && (
        <Card withBorder radius="md" padding="lg">
          {closures.data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('admin.closures.empty')}
            </Text>
          ) : (
            <TableScroll label={t('admin.closures.title')} minWidth={640}>
              <Table fz="sm" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('admin.closures.person')}</Table.Th>
                    <Table.Th scope="col">{t('admin.closures.requestedAt')}</Table.Th>
                    <Table.Th scope="col">{t('admin.closures.anonymiseAfter')}</Table.Th>
                    <Table.Th scope="col">{t('admin.closures.stopped')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {closures.data.items.map((closure) => {
                    const days = Math.max(
                      0,
                      Math.ceil((Date.parse(closure.anonymiseAfter) - Date.now()) / DAY_MS),
                    );
                    return (
                      <Table.Tr key={closure.id}>
                        <Table.Th scope="row" fw={500}>
                          {closure.user.name}
                          <Text size="xs" c="dimmed" fw={400}>
                            {closure.user.email}
                          </Text>
                        </Table.Th>
                        <Table.Td>{date.format(new Date(closure.requestedAt))}</Table.Td>
                        <Table.Td>
                          {date.format(new Date(closure.anonymiseAfter))}
                          <Text size="xs" c={days <= 3 ? 'red.8' : 'dimmed'}>
                            {t('admin.closures.inDays', { count: days })}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {closure.stoppedOrganizationIds.length === 0 ? (
                            <Text size="sm" c="dimmed">
                              {t('admin.closures.none')}
                            </Text>
                          ) : (
                            <Group gap={6}>
                              {closure.stoppedOrganizationIds.map((id, index) => (
                                <Anchor key={id} component={Link} to={`/admin/customers/${id}`} size="sm">
                                  {t('admin.closures.organization', { number: index + 1 })}
                                </Anchor>
                              ))}
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
          <Pager
            page={closures.data.page}
            limit={closures.data.limit}
            total={closures.data.total}
            onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </Card>
      )}
    </Container>
  );
}
