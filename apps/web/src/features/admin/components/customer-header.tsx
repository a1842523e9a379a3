import type { AdminCustomer } from '@cotacep/shared/admin-schemas';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeniedReason } from '#web/components/permission/denied-reason.tsx';
import type { CustomerAction } from '../lib/customer-action.ts';
import { useStaffActionPermission } from '../lib/staff-role.ts';
import { ActionButton } from './action-button.tsx';
import { CustomerStatusBadge } from './customer-status-badge.tsx';

type CustomerHeaderProps = { customer: AdminCustomer; onAction: (action: CustomerAction) => void };

/** The customer's name and state, and the actions on the whole customer. */
export function CustomerHeader({ customer, onAction }: CustomerHeaderProps) {
  const { t, i18n } = useTranslation();
  const permission = useStaffActionPermission();
  const { organization } = customer;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const isSuspended = organization.status === 'suspended';
  return (
    <Stack gap="sm" mb="lg">
      <Anchor component={Link} to="/admin/customers" size="sm">
        {t('admin.customer.back')}
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {organization.name}
        </Title>
        <CustomerStatusBadge status={organization.status} />
        <Badge variant="outline" color="gray" radius="sm" tt="none">
          {t(`plans.${organization.plan}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('admin.customer.since', { date: date.format(new Date(organization.createdAt)) })} ·{' '}
        <code>{organization.id}</code>
      </Text>
      {isSuspended && (
        <Alert color="red" variant="light" title={t('admin.customer.suspendedTitle')}>
          {t('admin.customer.suspendedText', {
            date: organization.suspendedAt ? date.format(new Date(organization.suspendedAt)) : '—',
            reason: organization.suspensionReason ?? '—',
          })}
        </Alert>
      )}
      {organization.status === 'closing' && (
        <Alert color="orange" variant="light">
          {t('admin.customer.closingText')}
        </Alert>
      )}
      <Group gap="xs">
        <ActionButton onClick={() => onAction({ kind: 'plan' })}>
          {t('admin.actions.plan.button')}
        </ActionButton>
        <ActionButton onClick={() => onAction({ kind: 'grant' })}>
          {t('admin.actions.grant.button')}
        </ActionButton>
        {isSuspended ? (
          <ActionButton onClick={() => onAction({ kind: 'reactivate' })}>
            {t('admin.actions.reactivate.button')}
          </ActionButton>
        ) : (
          <ActionButton color="red.8" variant="outline" onClick={() => onAction({ kind: 'suspend' })}>
            {t('admin.actions.suspend.button')}
          </ActionButton>
        )}
        <ActionButton variant="light" onClick={() => onAction({ kind: 'viewAs' })}>
          {t('admin.actions.viewAs.button')}
        </ActionButton>
      </Group>
      <DeniedReason permission={permission} />
    </Stack>
  );
}
