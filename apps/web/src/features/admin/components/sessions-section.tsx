import type { AdminCustomer } from '@cotacep/shared/admin-schemas';
import { describeUserAgent } from '@cotacep/shared/user-agent';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAge } from '#web/lib/format/format-age.ts';
import { SectionCard } from './section-card.tsx';
import { TableScroll } from './table-scroll.tsx';

/** The members' live sessions, newest first: whose, from where, how they signed in, when last used. */
export function SessionsSection({ customer }: { customer: AdminCustomer }) {
  const { t, i18n } = useTranslation();
  const device = (userAgent: string | null) => {
    const described = describeUserAgent(userAgent);
    if (!described) return t('admin.sessions.unknownDevice');
    return described.os ? `${described.browser} · ${described.os}` : described.browser;
  };
  return (
    <SectionCard title={t('admin.sessions.title', { count: customer.sessions.length })}>
      {customer.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.sessions.empty')}
        </Text>
      ) : (
        <TableScroll label={t('admin.sessions.title', { count: customer.sessions.length })} minWidth={640}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.sessions.person')}</Table.Th>
                <Table.Th scope="col">{t('admin.sessions.device')}</Table.Th>
                <Table.Th scope="col">{t('admin.sessions.method')}</Table.Th>
                <Table.Th scope="col">{t('admin.sessions.lastUsed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customer.sessions.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Th scope="row" fw={500}>
                    {session.email}
                  </Table.Th>
                  <Table.Td>
                    {device(session.userAgent)}
                    {session.ip && (
                      <Text size="xs" c="dimmed">
                        {session.ip}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{session.method}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatAge(Date.now() - Date.parse(session.lastUsedAt), i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}
