import type { AdminCustomer, AdminMember } from '@cotacep/shared/admin-schemas';
import { Anchor, Badge, Box, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerAction } from '../lib/customer-action.ts';
import { ActionButton } from './action-button.tsx';
import { PhoneCardList } from './phone-card-list.tsx';
import { SectionCard } from './section-card.tsx';

type MembersSectionProps = { customer: AdminCustomer; onAction: (action: CustomerAction) => void };

const nameOf = (member: AdminMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

function MemberBadges({ member }: { member: AdminMember }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Group gap={4}>
      <Badge variant="light" radius="sm" tt="none" color={member.emailConfirmed ? 'teal' : 'orange'}>
        {t(member.emailConfirmed ? 'admin.members.confirmed' : 'admin.members.unconfirmed')}
      </Badge>
      <Badge variant="light" radius="sm" tt="none" color={member.strongFactor ? 'teal' : 'gray'}>
        {t(member.strongFactor ? 'admin.members.strongFactor' : 'admin.members.noStrongFactor')}
      </Badge>
      {member.closureRequestedAt && (
        <Badge variant="light" radius="sm" tt="none" color="red">
          {t('admin.members.closing', { date: date.format(new Date(member.closureRequestedAt)) })}
        </Badge>
      )}
    </Group>
  );
}

type MemberProps = { member: AdminMember; onAction: (action: CustomerAction) => void };

function MemberActions({ member, onAction }: MemberProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <ActionButton
        aria-label={t('admin.actions.viewAs.named', { name: nameOf(member) })}
        onClick={() => onAction({ kind: 'viewAs', member })}
      >
        {t('admin.actions.viewAs.short')}
      </ActionButton>
      {!member.emailConfirmed && (
        <ActionButton onClick={() => onAction({ kind: 'resendConfirmation', member })}>
          {t('admin.actions.resendConfirmation.button')}
        </ActionButton>
      )}
      <ActionButton
        aria-label={t('admin.actions.endSessions.named', { name: nameOf(member) })}
        onClick={() => onAction({ kind: 'endSessions', member })}
      >
        {t('admin.actions.endSessions.button')}
      </ActionButton>
    </Group>
  );
}

function MemberIdentity({ member }: { member: AdminMember }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      {nameOf(member)}
      <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
        {member.email}
        {member.taxId && ` · ${member.taxId}`}
      </Text>
      <Text size="xs" c="dimmed" fw={400}>
        {t('admin.members.joined', { date: date.format(new Date(member.joinedAt)) })}
      </Text>
      {member.otherOrganizations.length > 0 && (
        <Text size="xs" c="dimmed" fw={400}>
          {t('admin.members.alsoIn')}{' '}
          {member.otherOrganizations.map((organization, index) => (
            <span key={organization.id}>
              {index > 0 && ', '}
              <Anchor component={Link} to={`/admin/customers/${organization.id}`} size="xs">
                {organization.name}
              </Anchor>{' '}
              ({t(`organizations.roles.${organization.role}`)})
            </span>
          ))}
        </Text>
      )}
    </>
  );
}

/**
 * Who is in the organization, in which role, whether they confirmed and have a strong factor; per-person
 * actions. A table on wide screens; on a phone, one card per person, so the actions stay in reach.
 */
export function MembersSection({ customer, onAction }: MembersSectionProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('admin.members.title', { count: customer.members.length })}>
      <Box visibleFrom="sm">
        <Table fz="sm" verticalSpacing="xs" aria-label={t('admin.members.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.members.person')}</Table.Th>
              <Table.Th scope="col">{t('admin.members.role')}</Table.Th>
              <Table.Th scope="col">{t('admin.members.state')}</Table.Th>
              <Table.Th scope="col">{t('admin.members.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customer.members.map((member) => (
              <Table.Tr key={member.userId}>
                <Table.Th scope="row" fw={500}>
                  <MemberIdentity member={member} />
                </Table.Th>
                <Table.Td>{t(`organizations.roles.${member.role}`)}</Table.Td>
                <Table.Td>
                  <MemberBadges member={member} />
                </Table.Td>
                <Table.Td>
                  <MemberActions member={member} onAction={onAction} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <PhoneCardList
        items={customer.members}
        label={t('admin.members.table')}
        keyOf={(member) => member.userId}
      >
        {(member) => (
          <>
            <Text fw={600} size="sm" component="div">
              <MemberIdentity member={member} />
            </Text>
            <Text size="sm">{t(`organizations.roles.${member.role}`)}</Text>
            <MemberBadges member={member} />
            <MemberActions member={member} onAction={onAction} />
          </>
        )}
      </PhoneCardList>
    </SectionCard>
  );
}
